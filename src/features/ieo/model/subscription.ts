import Decimal from 'decimal.js';
import { IEO_AMOUNT_DECIMALS, type IeoProject } from '@contract/ieo';

/** The payment of `amount` coins at the issue price, exact (as the server computes it), or null. */
export function paymentOf(amount: string, price: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  const a = new Decimal(amount.trim());
  if (a.lte(0)) return null;
  return a.times(price).toFixed();
}

export type AmountProblem = 'decimals' | 'min' | 'max';

/** The first rule of the project a quantity breaks (the server checks the same), else null. */
export function amountProblem(
  amount: string,
  project: Pick<IeoProject, 'min_amount' | 'max_amount'>,
): AmountProblem | null {
  const a = new Decimal(amount.trim());
  if (a.decimalPlaces() > IEO_AMOUNT_DECIMALS) return 'decimals';
  if (a.lt(project.min_amount)) return 'min';
  if (a.gt(project.max_amount)) return 'max';
  return null;
}

/** Share of the supply applied for, in percent (over 100 when oversubscribed), 2 decimals. */
export function subscribedPercent(project: Pick<IeoProject, 'applied' | 'total'>): string {
  const total = new Decimal(project.total);
  if (total.isZero()) return '0';
  return new Decimal(project.applied).div(total).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
}
