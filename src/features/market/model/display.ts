import { compactDec, parseDec, signDec, toFixedDown, toFixedHalfUp } from './decimalText';

type Num = string | number | null | undefined;

export const UP = '#28ba98';
export const DOWN = '#F04A5A';
const DASH = '--';

/** Up (positive), down (negative) or flat, as `trend` of `@/lib/format`. */
export function trendOf(value: Num): 'up' | 'down' | 'flat' {
  const d = parseDec(value);
  const s = d ? signDec(d) : 0;
  return s > 0 ? 'up' : s < 0 ? 'down' : 'flat';
}

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

/** The compact display of SPEC.md section 9: K above 1,000, M above 1,000,000, else 4 decimals. */
export function formatCompactText(value: Num): string {
  const d = parseDec(value);
  return d ? compactDec(d, 2) : DASH;
}

/** A price in a list: the compact display. The pair page shows the full price instead. */
export const listPrice = formatCompactText;

/** Volume in the compact form (K/M). */
export const formatVolume = formatCompactText;

/** The full price on the pair page: grouped, with the pair's decimals (at least 2), rounded down. */
export function fullPrice(price: Num, decimals: number): string {
  const d = parseDec(price);
  if (!d) return DASH;
  const [int = '', frac] = toFixedDown(d, Math.max(2, decimals)).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** A change already in percent ("-1.25") as "+1.25%" / "-1.25%". */
export function formatChange(change: Num): string {
  const d = parseDec(change);
  if (!d) return DASH;
  const text = toFixedHalfUp(d, 2);
  return signDec(d) > 0 && /[1-9]/.test(text) ? `+${text}%` : `${text}%`;
}
