/**
 * Copy-trading rules (contract/copytrade.ts): applications and their review, following, editing and
 * cancelling, and turning a copy into self-holding. No SQL here (repo.ts); each function takes
 * the caller's transaction.
 */
import type { ParsedRequestOf } from '@contract/define';
import type { adminFollowReview, followFollow } from '@contract/copytrade';
import { AppError } from '../../errors';
import type { FollowApplicationRow, FollowRow, CopyTradeRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { normaliseNumber } from './size';
import { D } from '../../positions/math';
import { lockInStatus } from '../../positions/repo';
import * as repo from './repo';

export async function apply(tx: Tx, userId: number, introduction: string, now: Date): Promise<FollowApplicationRow> {
  await repo.lockUser(tx, userId);
  if (await repo.isTrader(tx, userId)) throw new AppError('follow_already_trader');
  const last = await repo.latestApplication(tx, userId);
  if (last?.state === 'review') throw new AppError('follow_apply_pending');
  return repo.insertApplication(tx, { userId, introduction, state: 'review', createdAt: now });
}

/** Approves (the applicant becomes a trader) or rejects an application waiting for review. */
export async function review(
  tx: Tx,
  adminId: number,
  input: ParsedRequestOf<typeof adminFollowReview>,
  now: Date,
): Promise<{ before: FollowApplicationRow; after: FollowApplicationRow }> {
  const before = await repo.lockApplication(tx, input.id);
  if (!before) throw new AppError('follow_application_not_found', { field: 'id' });
  if (before.state !== 'review') throw new AppError('follow_application_reviewed', { field: 'id' });
  const approve = input.action === 'approve';
  const after = await repo.decideApplication(tx, before.id, {
    state: approve ? 'approved' : 'rejected',
    reason: input.reason,
    reviewerId: adminId,
    reviewedAt: now,
  });
  if (approve)
    await repo.insertTrader(tx, { userId: before.userId, introduction: before.introduction, approvedAt: now });
  return { before, after };
}

/**
 * Follows a trader, or replaces the settings of the active follow of that trader (copies made
 * from now on use them). Serialized per follower, so a burst leaves one active follow.
 */
export async function follow(
  tx: Tx,
  followerId: number,
  input: ParsedRequestOf<typeof followFollow>,
  now: Date,
): Promise<FollowRow> {
  if (input.trader_user_id === followerId) throw new AppError('follow_self', { field: 'trader_user_id' });
  if (!(await repo.isTrader(tx, input.trader_user_id))) {
    throw new AppError('follow_not_trader', { field: 'trader_user_id' });
  }
  const number = normaliseNumber(input.type, input.number);
  const maxAmount = input.max_amount === undefined ? null : new D(input.max_amount).toFixed();
  await repo.lockUser(tx, followerId);
  const current = await repo.activeFollow(tx, followerId, input.trader_user_id);
  if (current) {
    const done = await repo.updateFollow(tx, current.id, 'following', {
      type: input.type,
      number,
      maxAmount,
      updatedAt: now,
    });
    if (!done) throw new Error(`follow ${current.id} changed under its lock`);
    return done;
  }
  return repo.insertFollow(tx, {
    followerId,
    traderId: input.trader_user_id,
    type: input.type,
    number,
    maxAmount,
    state: 'following',
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Stops a follow: no new copies. Its open copies stay open and close with the trader (the
 * follower may turn each into self-holding).
 */
export async function cancel(tx: Tx, followerId: number, id: number, now: Date): Promise<FollowRow> {
  const row = await repo.userFollow(tx, followerId, id);
  if (!row) throw new AppError('follow_not_found', { field: 'id' });
  const done = await repo.updateFollow(tx, row.id, 'following', {
    state: 'cancelled',
    cancelledAt: now,
    updatedAt: now,
  });
  if (!done) throw new AppError('follow_not_active', { field: 'id' });
  return done;
}

/**
 * Turns an open copy into the follower's own position: under the position's row lock (the same
 * lock a close with the trader takes first), so either the copy closed with the trader before, or
 * it is the follower's and the trader's close leaves it open.
 */
export async function selfHold(tx: Tx, followerId: number, id: number, now: Date): Promise<CopyTradeRow> {
  const copy = await repo.userCopy(tx, followerId, id);
  if (!copy) throw new AppError('follow_copy_not_found', { field: 'id' });
  if (copy.state !== 'copied' || copy.positionId === null) throw new AppError('follow_copy_not_open', { field: 'id' });
  const position = await lockInStatus(tx, copy.positionId, 'open', followerId);
  if (!position) throw new AppError('follow_copy_not_open', { field: 'id' });
  const done = await repo.markSelfHeld(tx, copy.id, now);
  if (!done) throw new AppError('follow_copy_not_open', { field: 'id' });
  return done;
}
