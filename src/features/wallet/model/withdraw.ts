import { Decimal } from 'decimal.js';
import { toDecimal } from '@/lib/format';

export interface WithdrawTerms {
  fee: string;
  min: string;
}

/**
 * What arrives for a typed amount: the fee is deducted from it (the server's rule, shown before
 * confirming). Null while the amount is not a number or does not cover the fee.
 */
export function receivedAmount(amount: string, terms: WithdrawTerms | undefined): string | null {
  const a = toDecimal(amount);
  const fee = toDecimal(terms?.fee);
  if (!a || !fee || a.lte(fee)) return null;
  return a.minus(fee).toFixed();
}

/** The larger of the published minimum and just above the fee: less would arrive as nothing. */
export function minimumOf(terms: WithdrawTerms | undefined): string | undefined {
  if (!terms) return undefined;
  return Decimal.max(toDecimal(terms.min) ?? 0, toDecimal(terms.fee) ?? 0).toFixed();
}

/** The address a withdrawal goes to: the one tapped, or the only one bound (nothing to choose). */
export function chosenAddressId(
  addresses: readonly { id: number }[] | undefined,
  tapped: number | null,
): number | null {
  if (tapped !== null && addresses?.some((a) => a.id === tapped)) return tapped;
  return addresses?.length === 1 ? addresses[0]!.id : null;
}
