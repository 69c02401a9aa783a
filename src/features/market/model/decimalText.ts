/**
 * Exact arithmetic on decimal strings with BigInt, for display only. The quote screens run on
 * the first route, where decimal.js would cost more than the page's whole budget share; a test
 * checks these against `@/lib/format` so both render the same text.
 */
export interface Dec {
  /** value = units / 10^scale */
  units: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export function parseDec(text: string | number | null | undefined): Dec | null {
  if (text === null || text === undefined || text === '') return null;
  const m = DECIMAL.exec(String(text).trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${frac}`);
  return { units: m[1] === '-' ? -units : units, scale: frac.length };
}

export const mulDec = (a: Dec, b: Dec): Dec => ({ units: a.units * b.units, scale: a.scale + b.scale });

function align(a: Dec, b: Dec): [bigint, bigint] {
  const s = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(s - a.scale), b.units * 10n ** BigInt(s - b.scale)];
}

export function cmpDec(a: Dec, b: Dec): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const signDec = (a: Dec): -1 | 0 | 1 => (a.units < 0n ? -1 : a.units > 0n ? 1 : 0);

/** Fixed decimals, rounded toward zero (as `formatAmount`). */
export function toFixedDown(a: Dec, decimals: number, shift = 0): string {
  // Dividing by 10^shift is a larger scale; truncating drops the extra digits.
  const scale = a.scale + shift;
  const abs = a.units < 0n ? -a.units : a.units;
  const cut = scale > decimals ? abs / 10n ** BigInt(scale - decimals) : abs * 10n ** BigInt(decimals - scale);
  const digits = cut.toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  const text = decimals > 0 ? `${int}.${frac}` : int;
  // A negative value keeps its sign even when it truncates to zero, as decimal.js does.
  return a.units < 0n ? `-${text}` : text;
}

/** Fixed decimals rounded half away from zero (as Decimal's ROUND_HALF_UP). */
export function toFixedHalfUp(a: Dec, decimals: number): string {
  if (a.scale <= decimals) return toFixedDown(a, decimals);
  const abs = a.units < 0n ? -a.units : a.units;
  const step = 10n ** BigInt(a.scale - decimals);
  const text = toFixedDown({ units: (abs + step / 2n) / step, scale: decimals }, decimals);
  return a.units < 0n ? `-${text}` : text;
}

const MILLION: Dec = { units: 1_000_000n, scale: 0 };
const THOUSAND: Dec = { units: 1_000n, scale: 0 };

/** SPEC.md section 9: M above 1,000,000, K above 1,000 (2 decimals), else 4 decimals. */
export function compactDec(a: Dec, precision = 2): string {
  const abs: Dec = { units: a.units < 0n ? -a.units : a.units, scale: a.scale };
  if (cmpDec(abs, MILLION) > 0) return `${toFixedDown(a, precision, 6)}M`;
  if (cmpDec(abs, THOUSAND) > 0) return `${toFixedDown(a, precision, 3)}K`;
  return toFixedDown(a, 4);
}
