import { Decimal } from 'decimal.js';

// The rules of every figure live in ./number (no decimal.js there, so first-route screens import
// '@/lib/format/number' directly); this entry adds the Decimal helpers for feature code.
export * from './number';

export type Numeric = string | number | Decimal;

/** A Decimal, or null for empty and malformed input, so displays can show a dash. */
export function toDecimal(value: Numeric | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

export { formatTimeAgo, formatDateTime, TIME_AGO_THRESHOLDS } from './time';
