import { i18n } from '@lingui/core';
import { BCP47, toLocale } from '@contract/domain/locales';
import { COIN_DECIMALS, currencyDecimals, MONEY_DECIMALS } from '@contract/domain/precision';

export { COIN_DECIMALS, currencyDecimals };

/**
 * The one place that decides how a figure looks. Every rule here works on exact decimals (BigInt
 * units and a scale), never on floats, and without decimal.js: the market tab and home are on the
 * first route, where decimal.js would cost more than the page's share of the budget.
 *
 * Rules (the "kind" of a figure decides its decimals):
 * - price: the decimals of the pair's tick size (`"0.5"` → 1, `"0.001"` → 3), or the pair's
 *   published `price_decimals`;
 * - quantity: the decimals of the pair's lot size;
 * - money: the currency's precision (`currencyDecimals`, contract/domain/precision.ts, shared with
 *   the server's notification texts) — 2 for USD, USDT, USDC and fiat with cents, the configured
 *   precision of a coin when the screen has it, else 8;
 * - percentages: 2.
 * Displays round half-even (banker's rounding: a tie goes to the even digit, so rounding many
 * figures does not drift one way) and are grouped in the active Lingui locale. Only what the user
 * may spend ("max" buttons, the amount put into an input) is rounded down, by the `spendable*`
 * functions, so that it never exceeds what is held.
 */

/** An exact decimal: value = units / 10^scale. */
export interface Dec {
  units: bigint;
  scale: number;
}

/** A decimal.js `Decimal` (or anything printing itself in plain notation with `toFixed()`). */
interface DecimalLike {
  toFixed(): string;
}

export type NumericInput = string | number | bigint | DecimalLike | null | undefined;

/** Default display precision (SPEC.md section 9), the precision of USD-like money. */
export const DEFAULT_PRECISION = MONEY_DECIMALS;
/** Decimals of the plain number display below 1,000 (SPEC.md section 9) when nothing finer is known. */
export const PLAIN_DECIMALS = 4;
/** Decimals of a percentage. */
export const PERCENT_DECIMALS = 2;

export const DASH = '--';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Parses a decimal string, number, bigint or Decimal exactly; null for empty or malformed input. */
export function parseDec(value: NumericInput): Dec | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'object' ? value.toFixed() : String(value);
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const frac = m[3] ?? '';
  let units = BigInt(`${m[2] || '0'}${frac}`);
  let scale = frac.length - Number(m[4] ?? 0);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: m[1] === '-' ? -units : units, scale };
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

/** `a` divided by 10^shift (exact). */
const shiftDec = (a: Dec, shift: number): Dec => ({ units: a.units, scale: a.scale + shift });

/**
 * How a display drops digits: `halfEven` for everything shown, `down` (toward zero) only for what
 * the user may spend.
 */
export type Rounding = 'halfEven' | 'down';

/** `a` rounded to `decimals` places, as units of 10^-decimals. */
export function roundUnits(a: Dec, decimals: number, rounding: Rounding): bigint {
  const abs = a.units < 0n ? -a.units : a.units;
  let q: bigint;
  if (a.scale <= decimals) q = abs * 10n ** BigInt(decimals - a.scale);
  else {
    const step = 10n ** BigInt(a.scale - decimals);
    q = abs / step;
    const twice = (abs % step) * 2n;
    if (rounding === 'halfEven' && (twice > step || (twice === step && q % 2n === 1n))) q += 1n;
  }
  return a.units < 0n ? -q : q;
}

/**
 * Plain fixed-point text ("-1234.50"): no grouping, "." as the decimal point. A value that rounds
 * to zero loses its sign.
 */
export function toPlain(a: Dec, decimals: number, rounding: Rounding): string {
  const units = roundUnits(a, decimals, rounding);
  const abs = units < 0n ? -units : units;
  const digits = abs.toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const text = decimals > 0 ? `${int}.${digits.slice(digits.length - decimals)}` : int;
  return units < 0n ? `-${text}` : text;
}

/** Number of decimals of a step size: "0.5" → 1, "0.001" → 3, "1" or "10" → 0. */
export function stepDecimals(step: NumericInput): number {
  const d = parseDec(step);
  if (!d) return DEFAULT_PRECISION;
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

/**
 * A precision: a number is a count of decimals; a string (or Decimal) is a step size such as a
 * pair's `tick_size` or `lot_size`.
 */
export type Precision = number | string | DecimalLike;

const decimalsOf = (p: Precision): number => (typeof p === 'number' ? Math.max(0, Math.trunc(p)) : stepDecimals(p));

interface Separators {
  integer: Intl.NumberFormat;
  decimal: string;
}
const separators = new Map<string, Separators>();

/** The BCP 47 tag of the active Lingui locale. */
export function activeNumberLocale(): string {
  return BCP47[toLocale(i18n.locale)];
}

function separatorsOf(tag: string): Separators {
  let s = separators.get(tag);
  if (!s) {
    const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    const parts = new Intl.NumberFormat(tag).formatToParts(1.5);
    s = { integer, decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(tag, s);
  }
  return s;
}

/** Plain text ("-1234567.50") with the locale's grouping and decimal point ("-1.234.567,50"). */
export function localizePlain(plain: string, locale: string = activeNumberLocale()): string {
  const { integer, decimal } = separatorsOf(locale);
  const negative = plain.startsWith('-');
  const [int = '0', frac] = (negative ? plain.slice(1) : plain).split('.');
  // Intl formats a BigInt exactly, with the locale's own grouping rules (Spanish leaves 4 digits alone).
  const grouped = integer.format(BigInt(int));
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `${decimal}${frac}`}`;
}

/** Options of every display below. */
export interface DisplayOptions {
  /** BCP 47 tag; the active Lingui locale by default. */
  locale?: string;
  /** "+" before positive values (changes, profits). */
  signed?: boolean;
}

function display(value: NumericInput, decimals: number, rounding: Rounding, options: DisplayOptions = {}): string {
  const d = parseDec(value);
  if (!d) return DASH;
  const plain = toPlain(d, decimals, rounding);
  const text = localizePlain(plain, options.locale);
  return options.signed && signDec(d) > 0 && /[1-9]/.test(plain) ? `+${text}` : text;
}

/** Any figure with `precision` decimals (or a step's), rounded half-even and grouped. */
export function formatNumber(value: NumericInput, precision: Precision = DEFAULT_PRECISION, options?: DisplayOptions) {
  return display(value, decimalsOf(precision), 'halfEven', options);
}

/** A price by the pair's tick size ("0.01") or its price decimals (2). */
export const formatPrice = (value: NumericInput, tick: Precision, options?: DisplayOptions): string =>
  formatNumber(value, tick, options);

/** A quantity by the pair's lot size ("0.001") or its quantity decimals. */
export const formatQuantity = (value: NumericInput, lot: Precision, options?: DisplayOptions): string =>
  formatNumber(value, lot, options);

/**
 * An amount of money by its currency's precision (`currencyDecimals`): `formatMoney('96.6598',
 * 'USDT')` → "96.66", `formatMoney('0.5', 'BTC')` → "0.50000000".
 */
export function formatMoney(
  value: NumericInput,
  currency: string | null | undefined,
  options?: DisplayOptions & { configured?: number },
): string {
  return display(value, currencyDecimals(currency, options?.configured), 'halfEven', options);
}

/** A ratio as a signed percentage: 0.0123 → "+1.23%". */
export function formatPercent(ratio: NumericInput, options?: DisplayOptions & { decimals?: number }): string {
  const d = parseDec(ratio);
  return d ? formatChange(mulDec(d, { units: 100n, scale: 0 }), options) : DASH;
}

/**
 * A published rate (a payout ratio, a rebate share) as an unsigned percentage with at most 2
 * decimals and no trailing zeros: 0.2 → "20%", 0.955 → "95.5%", in the user's grouping.
 */
export function formatRate(ratio: NumericInput, options?: Omit<DisplayOptions, 'signed'>): string {
  const d = parseDec(ratio);
  if (!d) return DASH;
  const plain = toPlain(mulDec(d, { units: 100n, scale: 0 }), PERCENT_DECIMALS, 'halfEven').replace(/\.?0+$/, '');
  return `${localizePlain(plain, options?.locale)}%`;
}

/** A change already in percent ("-1.25") as "+1.25%" / "-1.25%". */
export function formatChange(percent: NumericInput | Dec, options?: DisplayOptions & { decimals?: number }): string {
  const value = percent !== null && typeof percent === 'object' && 'units' in percent ? decToText(percent) : percent;
  const text = display(value, options?.decimals ?? PERCENT_DECIMALS, 'halfEven', { signed: true, ...options });
  return text === DASH ? DASH : `${text}%`;
}

/** Plain text of an exact decimal, every digit kept. */
export function decToText(a: Dec): string {
  return toPlain(a, a.scale, 'down');
}

/**
 * What the user may spend, grouped for display ("Available 1,234.5678"): rounded toward zero so it
 * never shows more than can be used.
 */
export function formatSpendable(value: NumericInput, precision: Precision, options?: DisplayOptions): string {
  return display(value, decimalsOf(precision), 'down', options);
}

/**
 * What a "max" button puts into an input: plain ("1234.56", no grouping, "." as the decimal point,
 * as inputs take it), rounded toward zero; "" for no value.
 */
export function spendableInput(value: NumericInput, precision: Precision): string {
  const d = parseDec(value);
  return d ? toPlain(d, decimalsOf(precision), 'down') : '';
}

/**
 * Plain text for an input's value or placeholder ("1234.5", no grouping, "." as inputs take it),
 * rounded half-even; "" for no value.
 */
export function plainNumber(value: NumericInput, precision: Precision): string {
  const d = parseDec(value);
  return d ? toPlain(d, decimalsOf(precision), 'halfEven') : '';
}

const MILLION: Dec = { units: 1_000_000n, scale: 0 };
const THOUSAND: Dec = { units: 1_000n, scale: 0 };

/**
 * The compact display of SPEC.md section 9: above 1,000,000 in M, above 1,000 in K (both with
 * `precision` decimals), otherwise `plain` decimals (4 by default; a list price passes the pair's
 * price decimals). Rounded half-even; the sign is kept and magnitude decides the unit.
 */
export function formatCompact(
  value: NumericInput,
  precision: Precision = DEFAULT_PRECISION,
  plain: Precision = PLAIN_DECIMALS,
  options?: DisplayOptions,
): string {
  const d = parseDec(value);
  if (!d) return DASH;
  const abs: Dec = { units: d.units < 0n ? -d.units : d.units, scale: d.scale };
  if (cmpDec(abs, MILLION) > 0) return `${formatNumber(decToText(shiftDec(d, 6)), precision, options)}M`;
  if (cmpDec(abs, THOUSAND) > 0) return `${formatNumber(decToText(shiftDec(d, 3)), precision, options)}K`;
  return formatNumber(decToText(d), plain, options);
}

/** Up (positive), down (negative) or flat, for choosing the up/down colour. */
export function trend(value: NumericInput): 'up' | 'down' | 'flat' {
  const d = parseDec(value);
  const s = d ? signDec(d) : 0;
  return s > 0 ? 'up' : s < 0 ? 'down' : 'flat';
}
