import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/wallet';
import type { ResponseOf } from '@contract/define';
import { AppError } from '../../errors';
import { balances, checkInvariants, Money, toWire, type BalanceRow } from '../../ledger/index';
import { bindEndpoint, signedIn, type HandlerContext } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { shared } from '../../plugins/shared-reply';
import type { FiatRates, FiatSource } from '../../fiat/rates';
import { exchange, exchangeTerms, moveBetweenAccounts } from './moves';
import type { PriceSource } from '../../market/prices';
import { currencyName, walletCurrency, WALLET_CURRENCIES } from '../../market/currencies';
import { records } from '../../statements/records';
import { transferHistory } from './repo';
import type { Db } from '../../db/client';
import type { HoldingSource } from '../../market/holdings';
import { userCurrencies, valued, walletView, type WalletView } from './view';
import type { BalanceCache } from './balance-cache';
import { holdingsView, readProducts } from './holdings';

export interface WalletOptions {
  prices: PriceSource;
  /** The fiat table for `/wallet/list`'s fiat total, the one the app's `/fiat/rates` serves. */
  fiat: FiatSource;
  /** The signed-in user's balance rows, dropped by every committed ledger change. */
  balanceCache: BalanceCache;
  /** The products shown on the assets overview beside the accounts, in its order. */
  holdings: readonly HoldingSource[];
  /** What a user's open stakes in escrow add to their balance rows (seconds contracts). */
  escrowedStakes: (db: Db, userId: number) => Promise<Map<number, string>>;
}

type WalletList = ResponseOf<typeof contract.walletList>;

const ZERO = { available: '0', held: '0' };
const balanceIn = (rows: readonly BalanceRow[], currencyId: number, type: contract.WalletType) => {
  const row = rows.find((b) => b.currencyId === currencyId && b.type === type);
  return row ? { available: row.available, held: row.held } : ZERO;
};

/** Adds each currency's escrowed stake to the held part of the user's micro account. */
export function withEscrowedStakes(
  rows: readonly BalanceRow[],
  stakes: ReadonlyMap<number, string>,
): readonly BalanceRow[] {
  if (stakes.size === 0) return rows;
  const out = rows.map((r) => {
    const stake = r.type === 'micro' ? stakes.get(r.currencyId) : undefined;
    return stake ? { ...r, held: toWire(new Money(r.held).plus(stake)) } : r;
  });
  for (const [currencyId, stake] of stakes) {
    if (!rows.some((r) => r.type === 'micro' && r.currencyId === currencyId))
      out.push({ currencyId, type: 'micro', available: '0', held: toWire(stake) });
  }
  return out;
}

export async function walletRoutes(app: FastifyInstance, options: WalletOptions): Promise<void> {
  const { prices, fiat, balanceCache, holdings, escrowedStakes } = options;
  /** Cached balance lists read when their user had no seconds stake in escrow. */
  const withoutStakes = new WeakSet<readonly BalanceRow[]>();
  // The ledger's balances (cached until the user's accounts change), with the stakes of open
  // seconds contracts counted as held in the micro account: they sit in the escrow meanwhile.
  const ownBalances = async (h: HandlerContext) => {
    const userId = signedIn(h).user.id;
    let fresh: Map<number, string> | undefined;
    const rows = await balanceCache.get(userId, async () => {
      const [rows, stakes] = await Promise.all([balances(h.ctx.db, userId), escrowedStakes(h.ctx.db, userId)]);
      if (stakes.size === 0) withoutStakes.add(rows);
      fresh = stakes;
      return rows;
    });
    // No open stake when the rows were read: none can open before the user's balance changes
    // (an order's stake leaves their micro account), which drops these rows. Open stakes can
    // close without a balance change (a lost order), so they are read live while there are any.
    if (withoutStakes.has(rows)) return rows;
    return withEscrowedStakes(rows, fresh ?? (await escrowedStakes(h.ctx.db, userId)));
  };

  // The last reply built on each view, reused (already serialized and compressed: `shared`) while
  // neither the view (balances, prices), the fiat table nor the asked currency changes.
  const lastLists = new WeakMap<WalletView, { table: FiatRates; code: string; message: WalletList }>();
  bindEndpoint(app, contract.walletList, async (input, h) => {
    const view = walletView(await ownBalances(h), prices);
    const code = input.currency_code ?? 'USD';
    // Never waits on the rate service: the table in hand, with where it came from and its date.
    const table = fiat.inHand();
    const last = lastLists.get(view);
    if (last && last.table === table && last.code === code) return last.message;
    const rate = table.rates.find((r) => r.currency_code === code);
    if (!rate) throw new AppError('field_invalid', { field: 'currency_code' });
    const total = new Money(view.usdt_total).times(rate.rate).toDecimalPlaces(2);
    const message = shared({
      ...view,
      fiat: { currency_code: code, rate: rate.rate, total: toWire(total), source: table.source, as_of: table.as_of },
      demo: h.ctx.config.mode === 'demo',
    });
    lastLists.set(view, { table, code, message });
    return message;
  });

  // Each product's holdings (one query each), valued with the feed's prices of this moment.
  bindEndpoint(app, contract.walletHoldings, async (_input, h) => {
    const userId = signedIn(h).user.id;
    const [rows, reads] = await Promise.all([ownBalances(h), readProducts(h.ctx.db, userId, holdings)]);
    return holdingsView({ sources: holdings, rows, reads, prices, market: h.ctx.market, now: h.ctx.now().getTime() });
  });

  bindEndpoint(app, contract.walletDetail, async (input, h) => {
    if (!walletCurrency(input.currency)) throw new AppError('field_invalid', { field: 'currency' });
    const b = balanceIn(await ownBalances(h), input.currency, input.type);
    return valued(prices, { currencyId: input.currency, type: input.type, ...b });
  });

  bindEndpoint(app, contract.legalLog, (input, h) => records(h.ctx.db, signedIn(h).user.id, input));

  bindEndpoint(app, contract.walletChange, (input, h) =>
    idempotent(h)(input, (tx, now) => moveBetweenAccounts(tx, signedIn(h).user.id, input, now)),
  );

  bindEndpoint(app, contract.transferList, async (_input, h) => {
    const rows = await ownBalances(h);
    const out = [];
    for (const c of WALLET_CURRENCIES) {
      const p = prices.usdtPrice(c.id);
      if (!p) continue;
      const { available } = balanceIn(rows, c.id, contract.EXCHANGE_WALLET);
      out.push({ currency_id: c.id, currency_name: c.name, available, usdt_price: toWire(p.price) });
    }
    return out;
  });

  bindEndpoint(app, contract.transferFee, (input) =>
    exchangeTerms(prices, input.from_currency_id, input.to_currency_id),
  );

  bindEndpoint(app, contract.transfer, (input, h) =>
    idempotent(h)(input, (tx, now) => exchange(tx, signedIn(h).user.id, prices, input, now)),
  );

  bindEndpoint(app, contract.userCurrencyList, async (_input, h) => userCurrencies(await ownBalances(h), prices));

  bindEndpoint(app, contract.hzHistory, (input, h) => transferHistory(h.ctx.db, signedIn(h).user.id, input));

  bindEndpoint(app, contract.rateCurrency, (input) => {
    if (!walletCurrency(input.id)) throw new AppError('field_invalid', { field: 'id' });
    const p = prices.usdtPrice(input.id);
    return { id: input.id, name: currencyName(input.id), usdt_price: p ? toWire(p.price) : null, ts: p?.ts ?? 0 };
  });

  bindEndpoint(app, contract.ledgerHealth, async (_input, h) => ({
    ...(await checkInvariants(h.ctx.db)),
    checked_at: h.ctx.now().toISOString(),
  }));
}
