import { PROOF_SCALE, SUM_LIMIT } from '@contract/domain/merkle-sum';
import { Money } from '../../ledger/index';
import type { LiabilityRow } from './repo';

const UNIT = new Money(10).pow(PROOF_SCALE);

/**
 * A liability in minor units, rounded up: the tree never shows a user less than the exchange
 * owes. A negative total (an unrealised loss above the user's balance) is owed by the user, not
 * to them, so it counts as zero.
 */
export function toMinorUnits(amount: Money): bigint {
  if (amount.isNegative() || amount.isZero()) return 0n;
  const units = BigInt(amount.times(UNIT).toDecimalPlaces(0, Money.ROUND_UP).toFixed(0));
  if (units >= SUM_LIMIT) throw new RangeError(`a balance of ${amount.toFixed()} exceeds the tree's range`);
  return units;
}

/** Minor units back to a decimal string (`PROOF_SCALE` decimals, trailing zeros dropped). */
export const fromMinorUnits = (units: string) => new Money(units).div(UNIT).toFixed();

/** Each user's total per currency over every source (ledger rows and products' figures). */
export function totalsByUser(rows: readonly LiabilityRow[]): Map<number, Map<number, Money>> {
  const out = new Map<number, Map<number, Money>>();
  for (const r of rows) {
    let user = out.get(r.userId);
    if (!user) out.set(r.userId, (user = new Map()));
    user.set(r.currencyId, (user.get(r.currencyId) ?? new Money(0)).plus(r.amount));
  }
  return out;
}
