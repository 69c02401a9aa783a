/**
 * Exact decimals for the contract's own arithmetic (it imports no decimal library): a decimal
 * string as a BigInt of 10^-18 units, and back. Used where the screens and the server must compute
 * the same figure (dual invest's payouts, the settlement record's recomputations).
 */

export const UNIT_DECIMALS = 18;
export const SCALE = 10n ** 18n;

/** A plain decimal string ("-12.5", "0.003") in 10^-18 units; digits past the 18th are dropped. */
export function toUnits(v: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v.trim());
  if (!m) throw new Error(`not a decimal: ${v}`);
  const frac = (m[3] ?? '').slice(0, UNIT_DECIMALS).padEnd(UNIT_DECIMALS, '0');
  const units = BigInt(m[2]!) * SCALE + BigInt(frac);
  return m[1] === '-' ? -units : units;
}

/** 10^-18 units as a plain decimal string without trailing zeros ("12.5", "0"). */
export function fromUnits(u: bigint): string {
  const neg = u < 0n;
  const abs = neg ? -u : u;
  const whole = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(UNIT_DECIMALS, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Rounds non-negative units down (toward zero) to `decimals` places. */
export function roundDown(u: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(UNIT_DECIMALS - decimals);
  return (u / step) * step;
}

/** The product of two amounts in units (exact to 36 places, then truncated to 18). */
export const timesUnits = (a: bigint, b: bigint): bigint => (a * b) / SCALE;

/** Whether a text is a plain decimal `toUnits` reads. */
export const isDecimal = (v: unknown): v is string => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v);
