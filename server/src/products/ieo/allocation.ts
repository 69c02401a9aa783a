import { IEO_AMOUNT_DECIMALS } from '@contract/ieo';
import { Money, type MoneyInput } from '../../ledger/index';

/** One coin unit is 10^-8: quantities are counted as whole units (BigInt), so nothing rounds twice. */
const UNIT = new Money(10).pow(IEO_AMOUNT_DECIMALS);

export const toUnits = (quantity: MoneyInput): bigint => {
  const units = new Money(quantity.toString()).times(UNIT);
  if (!units.isInteger()) throw new RangeError(`${quantity.toString()} is not a whole number of coin units`);
  return BigInt(units.toFixed(0));
};

export const fromUnits = (units: bigint): string => new Money(units.toString()).div(UNIT).toFixed();

export interface Application {
  id: number;
  /** Applied quantity in units. */
  units: bigint;
}

/**
 * The passed quantity of each application (in units), in the order given (which breaks ties:
 * pass them oldest first).
 *
 * Not oversubscribed (applied total <= supply): everyone passes what they applied for.
 * Oversubscribed: each gets floor(applied x supply / total) units; the units this leaves (fewer
 * than the number of applications) go one each to the largest remainders, earlier first on a tie.
 * So the sum is exactly the supply, and no one passes more than they applied for (a remainder is
 * only positive where the floor is below the applied quantity).
 */
export function allocate(applications: readonly Application[], supply: bigint): bigint[] {
  const total = applications.reduce((s, a) => s + a.units, 0n);
  if (total <= supply) return applications.map((a) => a.units);
  const passed = applications.map((a) => (a.units * supply) / total);
  const remainders = applications.map((a, i) => ({ i, r: (a.units * supply) % total }));
  let left = supply - passed.reduce((s, p) => s + p, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i, r } of remainders) {
    if (left === 0n || r === 0n) break;
    passed[i] = passed[i]! + 1n;
    left -= 1n;
  }
  return passed;
}
