import { Money, type MoneyInput } from '../../ledger/money';

/**
 * The formulas of crypto loans, pure and in decimal (no floats): interest per started hour, LTV,
 * the prices at which an LTV is reached, the split of a repayment and of a liquidation's proceeds.
 * Amounts are rounded to 8 decimals, the precision users see: interest up (a started hour is never
 * free), what the user receives from a sale down.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const SCALE = 8;

const m = (v: MoneyInput) => new Money(v.toString());
const up = (v: Money) => v.toDecimalPlaces(SCALE, Money.ROUND_UP);
const down = (v: Money) => v.toDecimalPlaces(SCALE, Money.ROUND_DOWN);

/** The UTC hour number of a time (hours since the epoch). */
export const hourOf = (t: Date | number): number => Math.floor((typeof t === 'number' ? t : t.getTime()) / HOUR_MS);

/** One hour's interest on `principal`: principal x hourly rate, rounded up to 8 decimals. */
export const hourlyInterest = (principal: MoneyInput, hourlyRate: MoneyInput): Money =>
  up(m(principal).times(m(hourlyRate)));

/** Interest of `hours` started hours on an unchanged principal. */
export const interestFor = (principal: MoneyInput, hourlyRate: MoneyInput, hours: number): Money =>
  hourlyInterest(principal, hourlyRate).times(Math.max(0, hours));

/** What is owed: principal and unpaid interest. */
export const debtOf = (principal: MoneyInput, interestDue: MoneyInput): Money => m(principal).plus(m(interestDue));

/** Loan-to-value: debt / (collateral x price), to 8 decimals (rounded up: never shown lower than it is). */
export function ltvOf(debt: MoneyInput, collateral: MoneyInput, price: MoneyInput): Money {
  const value = m(collateral).times(m(price));
  if (value.lte(0)) throw new RangeError('collateral without value');
  return up(m(debt).div(value));
}

/**
 * The collateral price at which the LTV reaches `ltv`: debt / (collateral x ltv), rounded down to
 * 8 decimals, so at that price and below the LTV is at least `ltv`.
 */
export function priceAtLtv(debt: MoneyInput, collateral: MoneyInput, ltv: MoneyInput): Money {
  return down(m(debt).div(m(collateral).times(m(ltv))));
}

/** Whether `price` puts the loan at or above `ltv` (exact, without rounding). */
export const reachesLtv = (debt: MoneyInput, collateral: MoneyInput, price: MoneyInput, ltv: MoneyInput): boolean =>
  m(debt).gte(m(collateral).times(m(price)).times(m(ltv)));

/** The collateral `amount` needs at the initial LTV: amount / (price x ltv), rounded up to 8 decimals. */
export const collateralFor = (amount: MoneyInput, price: MoneyInput, initialLtv: MoneyInput): Money =>
  up(m(amount).div(m(price).times(m(initialLtv))));

/** A repayment: interest first, then principal; what exceeds the debt is not taken. */
export function splitRepayment(
  payment: MoneyInput,
  interestDue: MoneyInput,
  principal: MoneyInput,
): { interest: Money; principal: Money; paid: Money } {
  const pay = m(payment);
  const interest = Money.min(pay, m(interestDue));
  const toPrincipal = Money.min(pay.minus(interest), m(principal));
  return { interest, principal: toPrincipal, paid: interest.plus(toPrincipal) };
}

/**
 * A liquidation: the whole collateral sold at `price` (proceeds rounded down), the debt paid from
 * the proceeds (interest first), the rest returned; a shortfall is the house's loss.
 */
export function liquidationSplit(
  collateral: MoneyInput,
  price: MoneyInput,
  principal: MoneyInput,
  interestDue: MoneyInput,
) {
  const proceeds = down(m(collateral).times(m(price)));
  const split = splitRepayment(proceeds, interestDue, principal);
  return {
    proceeds,
    interest: split.interest,
    principal: split.principal,
    repaid: split.paid,
    returned: proceeds.minus(split.paid),
    shortfall: debtOf(principal, interestDue).minus(split.paid),
  };
}

/** A fixed term's due time: `days` after the loan was taken; an open term (0) has none. */
export const dueAt = (createdAt: Date, days: number): Date | null =>
  days === 0 ? null : new Date(createdAt.getTime() + days * DAY_MS);
