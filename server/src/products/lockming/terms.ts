import { randomInt } from 'node:crypto';
import { DAY_MS } from '@contract/lockming';
import { Money, money, type MoneyInput } from '../../ledger/index';

/**
 * The arithmetic of lock mining, without SQL or clock: UTC day numbers, the daily rate draw,
 * interest, the expected range and the early-redemption penalty. Amounts are rounded down to
 * 8 decimals (interest and penalty alike: rounding never works against the user).
 */

export const LOCK_DECIMALS = 8;
/** Steps of a rate draw across the range: a rate is min + (max - min) x k / RATE_STEPS. */
export const RATE_STEPS = 10_000;

const round = (v: Money) => v.toDecimalPlaces(LOCK_DECIMALS, Money.ROUND_DOWN);

/** The UTC day number (days since 1970-01-01) of a time. */
export const dayOf = (at: Date | number): number => Math.floor((typeof at === 'number' ? at : at.getTime()) / DAY_MS);
/** Start of a UTC day number. */
export const dayStart = (day: number): Date => new Date(day * DAY_MS);

/** Interest days of an order accepted at `at` for `days` days, and when its lock ends. */
export function lockSpan(at: Date, days: number) {
  const depositDay = dayOf(at);
  return { firstDay: depositDay + 1, lastDay: depositDay + days, endAt: dayStart(depositDay + days + 1) };
}

/**
 * A day's rate drawn inside [min, max] by the CSPRNG, on a grid of RATE_STEPS steps. `pick` replaces
 * the draw in tests (it receives the number of steps and returns a step).
 */
export function drawRate(
  min: MoneyInput,
  max: MoneyInput,
  pick: (steps: number) => number = randomIntInclusive,
): string {
  const lo = money(min);
  const hi = money(max);
  const k = pick(RATE_STEPS);
  if (!Number.isInteger(k) || k < 0 || k > RATE_STEPS) throw new Error(`rate step ${k} outside 0..${RATE_STEPS}`);
  return lo.plus(hi.minus(lo).times(k).div(RATE_STEPS)).toDecimalPlaces(12, Money.ROUND_DOWN).toFixed();
}

const randomIntInclusive = (steps: number) => randomInt(0, steps + 1);

/** The rate paid to an order for a day: the published one kept inside the order's range, else the minimum. */
export function rateForOrder(published: string | undefined, min: MoneyInput, max: MoneyInput): Money {
  if (published === undefined) return money(min);
  return Money.min(Money.max(money(published), money(min)), money(max));
}

/** One day's interest. */
export const dayInterest = (amount: MoneyInput, rate: MoneyInput): Money => round(money(amount).times(rate));

/** Total interest over the lock at the two ends of the range (SPEC: 10,000 x 0.3 %-0.4 % x 5 = 150-200). */
export function expectedRange(amount: MoneyInput, minRate: MoneyInput, maxRate: MoneyInput, days: number) {
  return {
    min: dayInterest(amount, minRate).times(days),
    max: dayInterest(amount, maxRate).times(days),
  };
}

/**
 * Whole UTC days left to the end date on the day of `at`: `days` on the deposit's day, 0 on the
 * last interest day (that day's interest is not paid when redeeming then) and after.
 */
export const remainingDays = (lastDay: number, at: Date): number => Math.max(0, lastDay - dayOf(at));

/** Early redemption: penalty = ratio x remaining days x amount (capped by the amount), refund the rest. */
export function earlyRedemption(amount: MoneyInput, penaltyRate: MoneyInput, remaining: number) {
  const principal = money(amount);
  const penalty = Money.min(round(principal.times(penaltyRate).times(remaining)), principal);
  return { penalty, refund: principal.minus(penalty) };
}
