import { AppError } from '../../errors';
import type { Tx } from '../../ledger/index';
import { Money } from '../../ledger/index';
import { moveOrder, orderForUpdate } from './repo';
import { applyDecision } from './orders';
import { otcTerms } from './terms';

/**
 * A staff decision on an appealed order. Above the published value (`secondReviewAbove`, USDT)
 * the first decision only waits: a second staff member deciding the same applies it; the same
 * person again is refused; a different decision replaces the waiting one.
 */
export async function decideAppeal(
  tx: Tx,
  args: { id: number; adminId: number; decision: 'release' | 'refund'; now: Date },
) {
  const before = await orderForUpdate(tx, args.id);
  if (!before) throw new AppError('record_not_found', { field: 'id' });
  if (before.status !== 'appeal') throw new AppError('otc_order_changed');
  const needsTwo = new Money(before.valueUsdt).gt(otcTerms.get().secondReviewAbove);
  const agreed = before.pendingDecision === args.decision && before.pendingBy !== null;
  if (needsTwo && agreed && before.pendingBy === args.adminId) throw new AppError('otc_second_reviewer');
  if (needsTwo && !agreed) {
    const after = await moveOrder(tx, args.id, ['appeal'], {
      pendingDecision: args.decision,
      pendingBy: args.adminId,
    });
    if (!after) throw new AppError('otc_order_changed');
    return { before, after, applied: false };
  }
  const after = await applyDecision(tx, before, args.decision, args.now);
  return { before, after, applied: true };
}
