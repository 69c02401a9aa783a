/**
 * The assets overview's products beside the four accounts: what the user holds in futures, lock
 * mining, dual invest, IEO and stocks, valued at the feed's current prices. Each product is read
 * by one query of its own module's repository; the balances are the wallet's cached rows.
 */
import { CURRENCY_IDS } from '@contract/domain/instruments';
import type { ResponseOf } from '@contract/define';
import type { Holding, HoldingPart, HoldingPartKey, HoldingProduct, walletHoldings } from '@contract/wallet';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import { Money, toWire, type BalanceRow } from '../../ledger/index';
import { CATALOG, instrumentByCurrency } from '../../market/catalog';
import type { PriceSource } from '../../market/prices';
import type { MarketRuntime } from '../../market/runtime';
import { userInvestedTotals } from '../invest/repo';
import { userSubscriptionTotals } from '../ieo/repo';
import { userLivePositions } from '../futures/repo';
import { instrumentOf, markOf, totalsOf } from '../futures/service';
import { userLockedTotals } from '../lockming/repo';

/** Decimals of a USDT valuation, as `/wallet/list` values a balance. */
const VALUE_DP = 8;
const nameOf = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const isStock = new Set(CATALOG.currencies.filter((c) => c.type === 'stock').map((c) => c.id));

/** The rows each product's repository gives for one user. */
export type ProductReads = Awaited<ReturnType<typeof readProducts>>;

/** One query per product, concurrently, all scoped to `userId`. */
export function readProducts(db: Db, userId: number) {
  return readTogether(db, [
    userLivePositions(db, userId, { statuses: ['open'] }),
    userLockedTotals(db, userId),
    userInvestedTotals(db, userId),
    userSubscriptionTotals(db, userId),
  ] as const);
}

interface Priced {
  part: HoldingPart;
  /** What `/wallet/list` counts of this part (a held balance valued at the wallet's price). */
  counted: Money;
}

const wire = (m: Money) => toWire(m.toDecimalPlaces(VALUE_DP));

/** A part valued at `price` (USDT per unit; null: no price); `inAccounts` when an account holds it. */
function part(
  key: HoldingPartKey,
  currencyId: number,
  amount: Money,
  price: string | null,
  inAccounts: boolean,
): Priced {
  const value = price === null ? null : amount.times(price).toDecimalPlaces(VALUE_DP);
  return {
    part: {
      key,
      currency_name: nameOf.get(currencyId) ?? String(currencyId),
      amount: toWire(amount),
      usdt_value: value === null ? null : toWire(value),
    },
    counted: inAccounts && value !== null ? value : new Money(0),
  };
}

function product(key: HoldingProduct, used: boolean, parts: Priced[]): Holding & { outside: Money } {
  let value = new Money(0);
  let counted = new Money(0);
  for (const p of parts) {
    if (p.part.usdt_value !== null) value = value.plus(p.part.usdt_value);
    counted = counted.plus(p.counted);
  }
  return {
    key,
    offered: true,
    used,
    usdt_value: wire(value),
    in_accounts: wire(counted),
    parts: parts.map((p) => p.part),
    outside: value.minus(counted),
  };
}

const usdtPriceOf = (prices: PriceSource, currencyId: number) => prices.usdtPrice(currencyId)?.price ?? null;

/**
 * Futures: the lever account's USDT (free, and held as margin for positions and orders) plus the
 * open positions' unrealised profit at the feed's price, summed as the futures page sums it.
 */
function futures(rows: readonly BalanceRow[], reads: ProductReads, market: MarketRuntime) {
  const [positions] = reads;
  const lever = rows.find((r) => r.type === 'lever' && r.currencyId === CURRENCY_IDS.USDT);
  const balance = lever?.available ?? '0';
  const totals = totalsOf(positions, (pairId) => markOf(market, instrumentOf(pairId)), balance);
  const used = rows.some((r) => r.type === 'lever') || positions.length > 0;
  const usdt = CURRENCY_IDS.USDT;
  return product('futures', used, [
    part('balance', usdt, new Money(balance), '1', true),
    part('margin', usdt, new Money(lever?.held ?? '0'), '1', true),
    part('pnl', usdt, new Money(totals.profits), '1', false),
  ]);
}

function lock(reads: ProductReads, prices: PriceSource) {
  const totals = reads[1];
  const parts = totals
    .filter((t) => !new Money(t.locked).isZero())
    .map((t) => part('principal', t.currencyId, new Money(t.locked), usdtPriceOf(prices, t.currencyId), true));
  return product('lock', totals.length > 0, parts);
}

function dual(reads: ProductReads, prices: PriceSource) {
  const totals = reads[2];
  const parts = totals
    .filter((t) => !new Money(t.invested).isZero())
    .map((t) => part('invested', t.currencyId, new Money(t.invested), usdtPriceOf(prices, t.currencyId), true));
  return product('dual', totals.length > 0, parts);
}

/** IEO: payments held until the end, then the coins passed and paid for until they are credited. */
function ieo(reads: ProductReads, prices: PriceSource) {
  const totals = reads[3];
  const parts: Priced[] = [];
  for (const t of totals) {
    if (!new Money(t.held).isZero()) {
      parts.push(part('payment', t.payCurrencyId, new Money(t.held), usdtPriceOf(prices, t.payCurrencyId), true));
    }
    if (!new Money(t.toCredit).isZero()) {
      parts.push(part('to_credit', t.coinId, new Money(t.toCredit), usdtPriceOf(prices, t.coinId), false));
    }
  }
  return product('ieo', totals.length > 0, parts);
}

/**
 * Stocks: each stock held in any account at its own market's last price (quoted in USD, settled
 * in USDT one for one, as the spot trade settles it). The wallet counts only what its USDT price
 * values, so the difference is outside the accounts' total.
 */
function stocks(rows: readonly BalanceRow[], prices: PriceSource, market: MarketRuntime) {
  const held = new Map<number, Money>();
  for (const r of rows) {
    if (!isStock.has(r.currencyId)) continue;
    held.set(r.currencyId, (held.get(r.currencyId) ?? new Money(0)).plus(r.available).plus(r.held));
  }
  const parts: Priced[] = [];
  for (const [id, qty] of held) {
    if (qty.isZero()) continue;
    const inst = instrumentByCurrency.get(id);
    const price = inst ? (markOf(market, inst)?.price ?? null) : null;
    const p = part('position', id, qty, price, false);
    const walletPrice = usdtPriceOf(prices, id);
    if (walletPrice !== null) p.counted = qty.times(walletPrice).toDecimalPlaces(VALUE_DP);
    parts.push(p);
  }
  return product('stock', held.size > 0, parts);
}

/** Margin trading is not offered here (SPEC.md lists it among home entries "in development"). */
const MARGIN: Holding = { key: 'margin', offered: false, used: false, usdt_value: '0', in_accounts: '0', parts: [] };

export function holdingsView(input: {
  rows: readonly BalanceRow[];
  reads: ProductReads;
  prices: PriceSource;
  market: MarketRuntime;
  now: number;
}): ResponseOf<typeof walletHoldings> {
  const { rows, reads, prices, market } = input;
  const all = [
    futures(rows, reads, market),
    lock(reads, prices),
    dual(reads, prices),
    ieo(reads, prices),
    stocks(rows, prices, market),
  ];
  const outside = all.reduce((s, h) => s.plus(h.outside), new Money(0));
  return {
    holdings: [...all.map(({ outside: _, ...h }) => h), MARGIN],
    usdt_outside_accounts: wire(outside),
    priced_at: input.now,
  };
}
