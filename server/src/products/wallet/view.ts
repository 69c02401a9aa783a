import { CURRENCY_IDS } from '@contract/domain/instruments';
import { WALLET_TYPES, type Balance, type WalletType } from '@contract/wallet';
import { Money, toWire, type BalanceRow } from '../../ledger/index';
import type { PriceSource } from '../../market/prices';
import { currencyName } from '../../market/currencies';

/** Always listed, even at zero, so a new user sees the coins they can recharge. */
const DEFAULT_CURRENCIES: readonly number[] = [CURRENCY_IDS.BTC, CURRENCY_IDS.ETH, CURRENCY_IDS.USDT];

export function valued(prices: PriceSource, row: BalanceRow): Balance {
  const p = prices.usdtPrice(row.currencyId);
  const value = p ? new Money(row.available).plus(row.held).times(p.price) : new Money(0);
  return {
    currency: row.currencyId,
    currency_name: currencyName(row.currencyId),
    type: row.type,
    available: row.available,
    held: row.held,
    usdt_price: p ? toWire(p.price) : null,
    usdt_value: toWire(value.toDecimalPlaces(8)),
  };
}

/** Every listed currency of one account type, zero where the user has no account yet. */
export function accountBalances(rows: readonly BalanceRow[], type: WalletType): BalanceRow[] {
  const own = rows.filter((r) => r.type === type);
  const ids = [...new Set([...DEFAULT_CURRENCIES, ...own.map((r) => r.currencyId)])].sort((a, b) => a - b);
  return ids.map((id) => own.find((r) => r.currencyId === id) ?? { currencyId: id, type, available: '0', held: '0' });
}

const withNames = <T extends WalletType>(type: T, b: Balance) =>
  ({ ...b, [`${type}_balance`]: b.available, [`lock_${type}_balance`]: b.held }) as Balance &
    Record<`${T}_balance` | `lock_${T}_balance`, string>;

export type WalletView = ReturnType<typeof computeWalletView>;

/** The last view of each cached balance list, with the prices it was valued at. */
const views = new WeakMap<readonly BalanceRow[], { prices: string; view: WalletView }>();

/** The prices a view of `rows` depends on, as one string (cheaper than valuing again). */
function pricesKey(rows: readonly BalanceRow[], prices: PriceSource): string {
  let key = '';
  for (const id of DEFAULT_CURRENCIES) key += `${prices.usdtPrice(id)?.price ?? '-'};`;
  for (const r of rows) key += `${prices.usdtPrice(r.currencyId)?.price ?? '-'};`;
  return key;
}

/**
 * The four accounts valued at the current prices. Valuing costs more than the rest of the
 * request (decimal arithmetic on every line), so the view of a balance list that is kept in
 * memory (`BalanceCache`) is reused until a price it depends on moves (once a tick at most).
 */
export function walletView(rows: readonly BalanceRow[], prices: PriceSource): WalletView {
  const key = pricesKey(rows, prices);
  const last = views.get(rows);
  if (last?.prices === key) return last.view;
  const view = computeWalletView(rows, prices);
  views.set(rows, { prices: key, view });
  return view;
}

function computeWalletView(rows: readonly BalanceRow[], prices: PriceSource) {
  let total = new Money(0);
  const account = <T extends WalletType>(type: T) => {
    const items = accountBalances(rows, type).map((r) => withNames(type, valued(prices, r)));
    const sum = items.reduce((s, i) => s.plus(i.usdt_value), new Money(0));
    total = total.plus(sum);
    return { balance: items, usdt_total: toWire(sum) };
  };
  const view = {
    legal_wallet: account('legal'),
    change_wallet: account('change'),
    lever_wallet: account('lever'),
    micro_wallet: account('micro'),
  };
  return { ...view, usdt_total: toWire(total) };
}

/** Currencies with the user's total over all accounts (defaults first, then held ones). */
export function userCurrencies(rows: readonly BalanceRow[], prices: PriceSource) {
  const ids = [...new Set([...DEFAULT_CURRENCIES, ...rows.map((r) => r.currencyId)])].sort((a, b) => a - b);
  return ids.map((id) => {
    const total = rows
      .filter((r) => r.currencyId === id)
      .reduce((s, r) => s.plus(r.available).plus(r.held), new Money(0));
    const p = prices.usdtPrice(id);
    return {
      id,
      name: currencyName(id),
      total: toWire(total),
      usdt_price: p ? toWire(p.price) : null,
      usdt_value: toWire(p ? total.times(p.price).toDecimalPlaces(8) : 0),
    };
  });
}

export const isWalletType = (v: string): v is WalletType => (WALLET_TYPES as readonly string[]).includes(v);
