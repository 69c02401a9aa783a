import { Decimal } from 'decimal.js';
import { toDecimal } from '@/lib/format';

/** Up to 10 decimals (SPEC.md section 5, amount checker). */
const AMOUNT = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,10})?$/;

export type AmountProblem = 'invalid' | 'zero' | 'insufficient' | 'below_min';

/**
 * Checks a typed amount before it is sent: a positive number with at most 10 decimals, within
 * `available` and not under `min`. The server checks again; this only spares a round trip.
 */
export function checkAmount(
  text: string,
  limits: { available?: string; min?: string } = {},
): { ok: true; value: string } | { ok: false; problem: AmountProblem } {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return { ok: false, problem: 'invalid' };
  const d = new Decimal(trimmed);
  if (d.isZero()) return { ok: false, problem: 'zero' };
  const min = toDecimal(limits.min);
  if (min && d.lt(min)) return { ok: false, problem: 'below_min' };
  const available = toDecimal(limits.available);
  if (available && d.gt(available)) return { ok: false, problem: 'insufficient' };
  return { ok: true, value: d.toFixed() };
}

/** What an amount field accepts while typing: digits and one point, at most 10 decimals. */
export function sanitizeAmountInput(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [int = '', ...rest] = cleaned.split('.');
  if (rest.length === 0) return int;
  return `${int}.${rest.join('').slice(0, 10)}`;
}
