import { Decimal } from 'decimal.js';
import { toDecimal } from '@/lib/format';

/**
 * The server's lock-mining arithmetic (server/src/products/lockming/terms.ts), for showing figures
 * before they are sent: each day's interest and the penalty are rounded down to 8 decimals.
 */
const DECIMALS = 8;

/** A daily rate as a percentage, trailing zeros dropped: "0.0035" → "0.35%". */
export const ratePercent = (rate: string): string => `${new Decimal(rate).times(100).toDecimalPlaces(4).toString()}%`;

/** Total interest over the lock at the two ends of the range, or null for an amount that is not a number. */
export function expectedRange(amount: string, minRate: string, maxRate: string, days: number) {
  const a = toDecimal(amount);
  if (!a || a.lte(0)) return null;
  const day = (rate: string) => a.times(rate).toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN);
  return { min: day(minRate).times(days).toString(), max: day(maxRate).times(days).toString() };
}

/** Early redemption: penalty = ratio x remaining days x amount (never more than the amount), and the refund. */
export function earlyRedemption(amount: string, penaltyRate: string, remainingDays: number) {
  const a = new Decimal(amount);
  const penalty = Decimal.min(
    a.times(penaltyRate).times(remainingDays).toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN),
    a,
  );
  return { penalty: penalty.toString(), refund: a.minus(penalty).toString() };
}

/** Why an amount cannot be locked, before asking the server: below the minimum or above the balance. */
export function amountProblem(
  amount: string,
  min: string,
  available: string | undefined,
): 'minimum' | 'balance' | null {
  const a = toDecimal(amount);
  if (!a) return null;
  if (a.lt(min)) return 'minimum';
  if (available !== undefined && a.gt(available)) return 'balance';
  return null;
}

const DAY_MS = 86_400_000;

/** The first interest day and the end of the lock for a deposit made at `now` (UTC days). */
export function lockDates(now: number, days: number) {
  const depositDay = Math.floor(now / DAY_MS);
  return { startAt: (depositDay + 1) * DAY_MS, endAt: (depositDay + days + 1) * DAY_MS };
}
