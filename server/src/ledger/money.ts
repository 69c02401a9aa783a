import Decimal from 'decimal.js';

/**
 * Decimal arithmetic for the ledger. A private constructor with enough precision for
 * numeric(38,18) values, so no caller's global Decimal settings change how money is computed.
 */
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 40 });
export type Money = InstanceType<typeof Money>;
export type MoneyInput = string | number | Decimal | Money;

/** Scale of the ledger's numeric columns. */
export const LEDGER_SCALE = 18;
const LIMIT = new Money('1e20');

/** Parses an amount the ledger can store: finite, at most 18 decimals, below 10^20 in size. */
export function money(value: MoneyInput): Money {
  const d = new Money(typeof value === 'object' ? value.toString() : value);
  if (!d.isFinite() || d.decimalPlaces() > LEDGER_SCALE || d.abs().gte(LIMIT)) {
    throw new RangeError(`not a ledger amount: ${String(value)}`);
  }
  return d;
}

/** Plain decimal notation without trailing zeros ("10000", "0.5"), as the wire carries it. */
export const toWire = (value: MoneyInput): string => new Money(value.toString()).toFixed();
