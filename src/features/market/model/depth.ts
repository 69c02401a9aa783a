export type Level = [price: string, amount: string];

export const DEPTH_LEVELS = 10;

/**
 * The top levels of each side with a bar width in percent of the largest cumulative amount
 * shown, as exchanges draw the book: bids best (highest) first, asks best (lowest) first.
 */
export function topLevels(bids: readonly Level[], asks: readonly Level[], n = DEPTH_LEVELS) {
  const side = (levels: readonly Level[]) => {
    let total = 0;
    return levels.slice(0, n).map(([price, amount]) => {
      // Bar widths only: a float is fine for drawing.
      total += Number(amount) || 0;
      return { price, amount, total };
    });
  };
  const b = side(bids);
  const a = side(asks);
  const max = Math.max(b[b.length - 1]?.total ?? 0, a[a.length - 1]?.total ?? 0) || 1;
  const withBar = (rows: typeof b) => rows.map((r) => ({ ...r, bar: Math.round((r.total / max) * 100) }));
  return { bids: withBar(b), asks: withBar(a) };
}

export interface Trade {
  price: string;
  amount: string;
  direction: 'buy' | 'sell';
  ts: number;
}

export const MAX_TRADES = 30;

/** Newest first, at most MAX_TRADES, without repeating a trade that arrived twice. */
export function pushTrade(list: readonly Trade[], t: Trade): Trade[] {
  if (list.some((x) => x.ts === t.ts && x.price === t.price && x.amount === t.amount)) return list as Trade[];
  return [t, ...list].sort((a, b) => b.ts - a.ts).slice(0, MAX_TRADES);
}
