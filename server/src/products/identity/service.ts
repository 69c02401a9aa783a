import type { IdType, RealState } from '@contract/identity';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { IdentitySubmissionRow, UserRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Tx } from '../../ledger/index';
import { limitOf } from '../../auth/levels';
import { ownUpload } from '../../uploads/upload-ref';
import {
  insertSubmission,
  latestSubmission,
  lockSubmission,
  lockUser,
  markSubmissionDecided,
  setUserRealState,
  submissionQueue,
} from './repo';

export interface RealInput {
  real_type: '1' | '2';
  id_type?: IdType | undefined;
  name?: string | undefined;
  card_id?: string | undefined;
  front_pic?: string | undefined;
  reverse_pic?: string | undefined;
  hand_pic?: string | undefined;
}

/** SPEC.md section 5: email and phone are bound before a verification can pass. */
export function checkBindings(user: Pick<UserRow, 'email' | 'phone'>): void {
  if (!user.email) throw new AppError('email_required', { type: '997' });
  if (!user.phone) throw new AppError('mobile_required');
}

/**
 * Queues a submission for review. Level 2 needs level 1 certified (998 otherwise); a level under
 * review or already certified cannot be submitted again; a failed one can.
 */
export async function submitReal(ctx: AppContext, user: UserRow, input: RealInput) {
  checkBindings(user);
  const realType = Number(input.real_type);
  if (realType === 2 && user.level < 1) throw new AppError('real_level1_first', { type: '998' });
  const pics =
    realType === 2
      ? {
          frontPic: await ownUpload(ctx, user.id, input.front_pic ?? '', 'front_pic'),
          reversePic: await ownUpload(ctx, user.id, input.reverse_pic ?? '', 'reverse_pic'),
          handPic: await ownUpload(ctx, user.id, input.hand_pic ?? '', 'hand_pic'),
        }
      : {};
  return ctx.db.transaction(async (tx) => {
    // The user's row lock makes "one pending submission per level" hold under parallel submits.
    await lockUser(tx, user.id);
    const prev = await latestSubmission(tx, user.id, realType);
    if (prev?.state === 'review') throw new AppError('real_under_review');
    if (prev?.state === 'certified' || user.level >= realType) throw new AppError('real_already_certified');
    await insertSubmission(tx, {
      userId: user.id,
      realType,
      idType: input.id_type ?? null,
      name: input.name ?? '',
      cardId: input.card_id ?? '',
      ...pics,
      createdAt: ctx.now(),
    });
    await setUserRealState(tx, user.id, { realState: 'review', updatedAt: ctx.now() });
    return { real_type: realType, state: 'review' as RealState };
  });
}

const maskId = (s: string) => (s.length <= 4 ? s : `${s.slice(0, 2)}${'*'.repeat(s.length - 4)}${s.slice(-2)}`);

const levelView = (row: IdentitySubmissionRow | undefined) => ({
  state: (row?.state ?? 'none') as RealState,
  reason: row?.state === 'failed' ? row.reason : '',
  submitted_at: row?.createdAt.toISOString() ?? null,
});

export async function realStateOf(db: Db, user: UserRow) {
  const [l1, l2] = await Promise.all([latestSubmission(db, user.id, 1), latestSubmission(db, user.id, 2)]);
  return {
    level: user.level,
    real_state: user.realState as RealState,
    level1: { ...levelView(l1), name: l1?.name ?? '', id_type: l1?.idType ?? '', card_id: maskId(l1?.cardId ?? '') },
    level2: levelView(l2),
    email_bound: Boolean(user.email),
    mobile_bound: Boolean(user.phone),
    withdraw_limit_btc: limitOf(user.level).toFixed(),
  };
}

export const toSubmissionDto = (r: IdentitySubmissionRow, accountNumber: string) => ({
  id: r.id,
  user_id: r.userId,
  account_number: accountNumber,
  real_type: r.realType,
  id_type: (r.idType as IdType | null) ?? null,
  name: r.name,
  card_id: r.cardId,
  front_pic: r.frontPic,
  reverse_pic: r.reversePic,
  hand_pic: r.handPic,
  state: r.state as RealState,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
  reviewed_at: r.reviewedAt?.toISOString() ?? null,
});

export async function identityQueue(db: Db, state: RealState, page: number, limit: number) {
  const { rows, total } = await submissionQueue(db, state as IdentitySubmissionRow['state'], page, limit);
  return { rows: rows.map(({ s, accountNumber }) => toSubmissionDto(s, accountNumber)), total };
}

/**
 * Certifies or fails a pending submission once. Certifying raises the user's level to the
 * submission's (never lowers it) and re-checks the bindings, which verification requires.
 */
export async function decideIdentity(
  tx: Tx,
  args: { id: number; approve: boolean; reason: string; adminId: number; now: Date },
) {
  const before = await lockSubmission(tx, args.id);
  if (!before) throw new AppError('record_not_found', { field: 'id' });
  if (before.state !== 'review') throw new AppError('already_reviewed');
  const user = await lockUser(tx, before.userId);
  if (!user) throw new AppError('record_not_found', { field: 'id' });
  if (args.approve) checkBindings(user);
  const after = await markSubmissionDecided(tx, args.id, args);
  const level = args.approve ? Math.max(user.level, before.realType) : user.level;
  await setUserRealState(tx, user.id, { level, realState: args.approve ? 'certified' : 'failed', updatedAt: args.now });
  return {
    before: { submission: before, level: user.level, realState: user.realState },
    after: { submission: after, level, realState: args.approve ? 'certified' : 'failed' },
    accountNumber: user.accountNumber,
  };
}
