/**
 * The trailing stop's rule, in whole ticks so it is exact: spot trailing stop orders
 * (`server/src/trading/conditional/watch.ts`), futures trailing stops (`server/src/positions/`) and
 * the futures stop sheet's preview all compute the trigger here.
 */

/** The widest trailing percentage (spot trailing stop orders and futures trailing stops). */
export const MAX_TRAIL_PERCENT = 50;

/** Basis points of a whole: a trailing percentage is counted in 1/100 %. */
export const TRAIL_BPS = 10_000;

/** How far a trailing trigger stays behind the best price: whole ticks, or 1/100 % of it. */
export interface TrailUnits {
  ticks: number | null;
  bps: number | null;
}

/**
 * A trailing stop's trigger for its best price (both in ticks). `below`: the stop sells (a spot
 * sell, a long position's close), so the trigger is under the highest price, rounded down and
 * never under one tick; otherwise it buys (a spot buy, a short's close) and the trigger is above
 * the lowest price, rounded up. Rounding away from the best keeps the trigger on the price grid;
 * the trigger only moves when the best does, in the same direction.
 */
export function trailTriggerTicks(below: boolean, best: number, trail: TrailUnits): number {
  if (below) {
    const t = trail.ticks !== null ? best - trail.ticks : Math.floor((best * (TRAIL_BPS - trail.bps!)) / TRAIL_BPS);
    return Math.max(1, t);
  }
  return trail.ticks !== null ? best + trail.ticks : Math.ceil((best * (TRAIL_BPS + trail.bps!)) / TRAIL_BPS);
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Whole ticks of a plain decimal on a grid of `decimals` decimals (one tick is 10^-decimals), rounded
 * down, or `up`. Throws on anything but a plain non-negative decimal.
 */
export function ticksOf(price: string, decimals: number, up = false): number {
  const m = DECIMAL.exec(price.trim());
  if (!m) throw new Error(`not a plain decimal: ${price}`);
  const fraction = m[2] ?? '';
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const dropped = /[1-9]/.test(fraction.slice(decimals));
  const ticks = Number(BigInt(m[1]! + kept) + (up && dropped ? 1n : 0n));
  if (!Number.isSafeInteger(ticks)) throw new Error(`too many ticks: ${price}`);
  return ticks;
}

/** A whole number of ticks as a plain decimal without trailing zeros ("20000", "0.0123"). */
export function priceOfTicks(ticks: number, decimals: number): string {
  const digits = String(ticks).padStart(decimals + 1, '0');
  if (decimals === 0) return digits;
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A trailing percentage with at most two decimals ("1.25") in basis points (125). */
export const bpsOfPercent = (percent: string): number => ticksOf(percent, 2);
