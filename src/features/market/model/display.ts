import {
  DEFAULT_PRECISION,
  formatChange as formatPercentChange,
  formatCompact,
  formatPrice,
  trend,
} from '@/lib/format/number';

type Num = string | number | null | undefined;

export const UP = '#28ba98';
export const DOWN = '#F04A5A';

/** Up (positive), down (negative) or flat, as `trend` of `@/lib/format`. */
export const trendOf = (value: Num): 'up' | 'down' | 'flat' => trend(value);

/** Colour of a change: up green, down red, flat in the secondary text colour. */
export function trendColor(change: Num): string {
  const t = trendOf(change);
  return t === 'up' ? UP : t === 'down' ? DOWN : 'var(--app-text-secondary)';
}

/** Fill of the change pill: up green, down red, flat a neutral grey. */
export function changeBackground(change: Num): string {
  const t = trendOf(change);
  return t === 'up' ? UP : t === 'down' ? DOWN : 'var(--app-card-raised)';
}

/** Volume and other sizes in a list: the compact display of SPEC.md section 9 (K above 1,000, M above 1,000,000). */
export function formatCompactText(value: Num): string {
  return formatCompact(value);
}

/**
 * A price in a list: K above 1,000 and M above 1,000,000 (SPEC.md section 9), below that the pair's
 * price decimals, so a row shows the same digits as the pair's own page.
 */
export function listPrice(price: Num, decimals: number): string {
  return formatCompact(price, DEFAULT_PRECISION, decimals);
}

/** Volume in the compact form (K/M). */
export const formatVolume = formatCompactText;

/** The full price on the pair page: grouped, with the pair's price decimals, rounded half-even. */
export function fullPrice(price: Num, decimals: number): string {
  return formatPrice(price, decimals);
}

/** A change already in percent ("-1.25") as "+1.25%" / "-1.25%". */
export const formatChange = (change: Num): string => formatPercentChange(change);
