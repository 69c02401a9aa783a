import { Decimal } from 'decimal.js';

export type Level = readonly [price: string, amount: string];

export interface PublicTrade {
  price: string;
  amount: string;
  direction: 'buy' | 'sell';
  ts: number;
}

export const MAX_TRADES = 30;

/** Newest first, at most MAX_TRADES, a trade that arrived twice kept once. */
export function pushTrade(list: readonly PublicTrade[], t: PublicTrade): PublicTrade[] {
  if (list.some((x) => x.ts === t.ts && x.price === t.price && x.amount === t.amount)) return [...list];
  return [t, ...list].sort((a, b) => b.ts - a.ts).slice(0, MAX_TRADES);
}

export interface BookRow {
  price: string;
  amount: string;
  /** Width of the depth bar, percent of the largest cumulative amount shown. */
  bar: number;
}

/**
 * The levels shown on the trade screen: asks above the last price (best, lowest, nearest the
 * middle, so listed highest first), bids below (best first), each with a cumulative depth bar.
 */
export function bookRows(
  bids: readonly Level[],
  asks: readonly Level[],
  n: number,
): { asks: BookRow[]; bids: BookRow[] } {
  const side = (levels: readonly Level[]) => {
    let total = new Decimal(0);
    return levels.slice(0, n).map(([price, amount]) => {
      total = total.plus(amount);
      return { price, amount, total };
    });
  };
  const a = side(asks);
  const b = side(bids);
  const max = Decimal.max(a.at(-1)?.total ?? 0, b.at(-1)?.total ?? 0, 1e-18);
  const bar = (rows: typeof a) =>
    rows.map((r) => ({ price: r.price, amount: r.amount, bar: r.total.div(max).times(100).round().toNumber() }));
  return { asks: bar(a).reverse(), bids: bar(b) };
}
