import { Decimal } from 'decimal.js';

export type DepthLevel = readonly [price: string, amount: string];

/** Levels shown a side on the trade page and the pair page. */
export const BOOK_LEVELS = 10;

/** The grouping steps a book offers: its tick size times 1, 10 and 100. */
export function depthSteps(tick: string): string[] {
  const t = new Decimal(tick);
  if (!t.isFinite() || t.lte(0)) return [];
  return [1, 10, 100].map((f) => t.times(f).toFixed());
}

/** Decimal places a grouped price is written with: those of its step ("0.1" → 1, "10" → 0). */
export const stepDecimals = (step: string): number => Math.max(0, new Decimal(step).decimalPlaces());

/**
 * Merges levels (best first) into price steps, as exchanges group depth: a bid goes down to its
 * step and an ask up, so a grouped level never shows a better price than the orders in it; the
 * amounts of a step are summed exactly. The result is best first, at most `limit` levels.
 */
export function groupLevels(
  levels: readonly DepthLevel[],
  step: string,
  side: 'bid' | 'ask',
  limit = BOOK_LEVELS,
): [string, string][] {
  const s = new Decimal(step);
  const rounding = side === 'bid' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL;
  const out: [string, Decimal][] = [];
  for (const [price, amount] of levels) {
    const key = new Decimal(price).div(s).toDecimalPlaces(0, rounding).times(s).toFixed();
    const last = out.at(-1);
    // Levels come sorted, so a step's levels are next to each other.
    if (last?.[0] === key) last[1] = last[1].plus(amount);
    else if (out.length === limit) break;
    else out.push([key, new Decimal(amount)]);
  }
  return out.map(([price, amount]) => [price, amount.toFixed()]);
}
