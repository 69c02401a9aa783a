import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identitySubmissions, users, type IdentitySubmissionRow, type UserRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { offsetOf } from '../../lib/paging';

/**
 * The identity module's queries: submissions per user and level, the review queue with the
 * owner's account number, and the writes of a submission and its decision. Transactional ones
 * take the caller's `tx` so the row locks last until it ends.
 */

/** The user's newest submission for the level, if any. */
export async function latestSubmission(db: Db | Tx, userId: number, realType: number) {
  const [row] = await db
    .select()
    .from(identitySubmissions)
    .where(and(eq(identitySubmissions.userId, userId), eq(identitySubmissions.realType, realType)))
    .orderBy(desc(identitySubmissions.id))
    .limit(1);
  return row;
}

/**
 * The user's row under FOR NO KEY UPDATE: rows inserted in the same transaction hold KEY SHARE
 * locks on it (foreign keys), which FOR UPDATE would conflict with.
 */
export async function lockUser(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

export async function insertSubmission(
  tx: Tx,
  values: Pick<IdentitySubmissionRow, 'userId' | 'realType' | 'idType' | 'name' | 'cardId' | 'createdAt'> &
    Partial<Pick<IdentitySubmissionRow, 'frontPic' | 'reversePic' | 'handPic'>>,
): Promise<void> {
  await tx.insert(identitySubmissions).values(values);
}

export async function setUserRealState(
  tx: Tx,
  userId: number,
  state: Pick<UserRow, 'realState' | 'updatedAt'> & Partial<Pick<UserRow, 'level'>>,
): Promise<void> {
  await tx.update(users).set(state).where(eq(users.id, userId));
}

export async function submissionQueue(db: Db, state: IdentitySubmissionRow['state'], page: number, limit: number) {
  const where = eq(identitySubmissions.state, state);
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: identitySubmissions, accountNumber: users.accountNumber })
      .from(identitySubmissions)
      .innerJoin(users, eq(users.id, identitySubmissions.userId))
      .where(where)
      .orderBy(asc(identitySubmissions.id))
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    db.select({ n: count() }).from(identitySubmissions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The submission under a row lock (FOR UPDATE) until the deciding transaction ends. */
export async function lockSubmission(tx: Tx, id: number): Promise<IdentitySubmissionRow | undefined> {
  const [row] = await tx.select().from(identitySubmissions).where(eq(identitySubmissions.id, id)).for('update');
  return row;
}

export async function markSubmissionDecided(
  tx: Tx,
  id: number,
  d: { approve: boolean; reason: string; adminId: number; now: Date },
): Promise<IdentitySubmissionRow> {
  const [row] = await tx
    .update(identitySubmissions)
    .set({
      state: d.approve ? 'certified' : 'failed',
      reason: d.reason,
      reviewedBy: d.adminId,
      reviewedAt: d.now,
    })
    .where(eq(identitySubmissions.id, id))
    .returning();
  return row!;
}
