import { Decimal } from 'decimal.js';
import { toDecimal } from '@/lib/format';

/** Decimals a typed stake may have. */
export const STAKE_DECIMALS = 8;
/** The server computes payouts exactly in units of 10^-18, rounding a win's profit down. */
const PAYOUT_DECIMALS = 18;

/**
 * What a winning contract pays: stake x (1 + ratio), the stake included (trading-math.md, Seconds
 * contracts); `profit` is the part above the stake. A tie refunds the stake, a loss pays nothing.
 * `ratio` is a fraction ("0.2" for 20 %). Rounded down to 10^-18 as the server does, so the
 * screen shows exactly what a win pays. Null when the stake is not a positive number.
 */
export function payoutOf(stake: string, ratio: string): { payout: string; profit: string } | null {
  const s = toDecimal(stake);
  const r = toDecimal(ratio);
  if (!s || !r || s.lte(0)) return null;
  const profit = s.times(r).toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_DOWN);
  return { payout: s.plus(profit).toFixed(), profit: profit.toFixed() };
}

export type StakeProblem =
  | { problem: 'empty' }
  | { problem: 'invalid' }
  | { problem: 'below_min'; min: string }
  | { problem: 'above_max'; max: string }
  | { problem: 'insufficient'; available: string };

/**
 * Checks a typed stake against the duration's published minimum and maximum and the user's micro
 * balance (the server checks again); answers the stake in plain notation when it passes.
 */
export function checkStake(
  typed: string,
  limits: { min: string; max: string },
  available: string | undefined,
): { ok: true; stake: string } | ({ ok: false } & StakeProblem) {
  if (typed.trim() === '') return { ok: false, problem: 'empty' };
  const s = toDecimal(typed);
  if (!s || s.lte(0) || s.decimalPlaces() > STAKE_DECIMALS) return { ok: false, problem: 'invalid' };
  if (s.lt(limits.min)) return { ok: false, problem: 'below_min', min: limits.min };
  if (new Decimal(limits.max).gt(0) && s.gt(limits.max)) return { ok: false, problem: 'above_max', max: limits.max };
  if (available !== undefined && s.gt(available)) return { ok: false, problem: 'insufficient', available };
  return { ok: true, stake: s.toFixed() };
}

/** What a typed stake field keeps: digits and one point, at most 8 decimals. */
export function sanitizeStake(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [int = '', ...rest] = cleaned.split('.');
  if (rest.length === 0) return int;
  return `${int}.${rest.join('').slice(0, STAKE_DECIMALS)}`;
}
