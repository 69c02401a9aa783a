import Decimal from 'decimal.js';

/**
 * Decimal strings of the wire to the integer ticks and lots the matching engine counts in, and
 * back. Every conversion is exact or refused: nothing is rounded silently except a market buy's
 * budget, which is rounded down to whole value units (one tick times one lot), as `budgetUnits`
 * says.
 */

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -60, toExpPos: 60 });

/** How many `step`s `value` is, when it is a whole number of them (else null). */
export function stepsOf(value: string, step: string): number | null {
  const n = new D(value).div(step);
  if (!n.isInteger() || n.gt(Number.MAX_SAFE_INTEGER)) return null;
  return n.toNumber();
}

/** The smallest value a market buy can spend: one tick of price times one lot of quantity. */
export const valueUnit = (tick: string, lot: string): string => new D(tick).times(lot).toFixed();

/** A market buy's budget in value units (tick x lot), rounded down to a whole unit. */
export function budgetUnits(amount: string, tick: string, lot: string): number {
  return new D(amount).div(new D(tick).times(lot)).floor().toNumber();
}

/** `units` of `step` as a decimal string (plain notation, no trailing zeros). */
export const fromSteps = (units: number, step: string): string => new D(step).times(units).toFixed();

export const times = (a: string, b: string): string => new D(a).times(b).toFixed();
export const greaterThan = (a: string, b: string): boolean => new D(a).gt(b);
export const lessThan = (a: string, b: string): boolean => new D(a).lt(b);

/** Any stored decimal ("1.500000000000000000") in wire form ("1.5"). */
export const plain = (value: string): string => new D(value).toFixed();

/** Volume-weighted price of the fills, at the pair's price precision plus four places. */
export function averagePrice(filledValue: string, filledQty: string, priceDecimals: number): string | null {
  const qty = new D(filledQty);
  if (qty.isZero()) return null;
  return new D(filledValue)
    .div(qty)
    .toDecimalPlaces(priceDecimals + 4, Decimal.ROUND_HALF_UP)
    .toFixed();
}

/** `value` rounded up to `decimals` places (a minimum shown to the user must be enough). */
export const roundUp = (value: string, decimals: number): string =>
  new D(value).toDecimalPlaces(decimals, Decimal.ROUND_UP).toFixed();

/** Decimal places of a step such as "0.0001" (4). */
export const decimalsOf = (step: string): number => new D(step).decimalPlaces();
