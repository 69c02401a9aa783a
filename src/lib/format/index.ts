import { Decimal } from 'decimal.js';

/** Default display precision (SPEC.md section 9). */
export const DEFAULT_PRECISION = 2;
/** Decimals of the plain number display below 1,000. */
export const PLAIN_DECIMALS = 4;

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

const DASH = '--';

/**
 * Fixed decimals, rounded toward zero so a balance never shows more than is held.
 * `formatAmount('1234.5678')` → "1234.56".
 */
export function formatAmount(value: Numeric | null | undefined, precision = DEFAULT_PRECISION): string {
  const d = toDecimal(value);
  return d ? d.toFixed(precision, Decimal.ROUND_DOWN) : DASH;
}

/** Like formatAmount with thousands separators: "1,234,567.89". */
export function formatGrouped(value: Numeric | null | undefined, precision = DEFAULT_PRECISION): string {
  const text = formatAmount(value, precision);
  if (text === DASH) return text;
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Decimals of a coin balance (available, on hold) in the wallet. */
export const BALANCE_DECIMALS = 8;

/**
 * A coin balance: grouped like every total beside it, with the wallet's 8 decimals, rounded down.
 * `formatBalance('10000')` → "10,000.00000000".
 */
export function formatBalance(value: Numeric | null | undefined): string {
  return formatGrouped(value, BALANCE_DECIMALS);
}

/**
 * The compact display of SPEC.md section 9: above 1,000,000 in M, above 1,000 in K (both with
 * `precision` decimals), otherwise 4 decimals. The sign is kept; magnitude decides the unit.
 */
export function formatCompact(value: Numeric | null | undefined, precision = DEFAULT_PRECISION): string {
  const d = toDecimal(value);
  if (!d) return DASH;
  const abs = d.abs();
  if (abs.gt(1_000_000)) return `${d.div(1_000_000).toFixed(precision, Decimal.ROUND_DOWN)}M`;
  if (abs.gt(1_000)) return `${d.div(1_000).toFixed(precision, Decimal.ROUND_DOWN)}K`;
  return d.toFixed(PLAIN_DECIMALS, Decimal.ROUND_DOWN);
}

/** A change ratio as a signed percentage: 0.0123 → "+1.23%". */
export function formatPercent(ratio: Numeric | null | undefined, precision = DEFAULT_PRECISION): string {
  const d = toDecimal(ratio);
  if (!d) return DASH;
  const pct = d.times(100).toFixed(precision, Decimal.ROUND_HALF_UP);
  return d.gt(0) && !new Decimal(pct).isZero() ? `+${pct}%` : `${pct}%`;
}

/** Converts a USD amount to the display fiat at `rate` (units of fiat per 1 USD). */
export function toFiat(usd: Numeric | null | undefined, rate: Numeric, precision = DEFAULT_PRECISION): string {
  const d = toDecimal(usd);
  const r = toDecimal(rate);
  return d && r ? formatAmount(d.times(r), precision) : DASH;
}

/** Up (positive), down (negative) or flat, for choosing the up/down colour. */
export function trend(value: Numeric | null | undefined): 'up' | 'down' | 'flat' {
  const d = toDecimal(value);
  if (!d || d.isZero()) return 'flat';
  return d.isPositive() ? 'up' : 'down';
}

export { formatTimeAgo, formatDateTime, TIME_AGO_THRESHOLDS } from './time';
