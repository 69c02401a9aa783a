import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { notifyPauseStarted, type SecurityCentreEvent } from '../push/events-security';
import { changedIfReplacing } from './credential-change';

/**
 * The fund module's queries on the pay password columns of the user's row. Each is one statement,
 * so the try counting stays correct however many requests run at once.
 */

/** Sets the pay password; a change (not the first one) also writes the pause notice, answered. */
export async function storePayPassword(
  db: Db,
  userId: number,
  hash: string,
  now: Date,
): Promise<SecurityCentreEvent[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [before] = await t
      .select({ hash: users.payPasswordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await t
      .update(users)
      .set({
        payPasswordHash: hash,
        payPasswordFailures: 0,
        payPasswordLockedUntil: null,
        updatedAt: now,
        // Changing a pay password pauses withdrawals for a day; setting the first one does not.
        securityChangedAt: changedIfReplacing(users.payPasswordHash, now),
      })
      .where(eq(users.id, userId));
    return before?.hash ? notifyPauseStarted(t, userId, now) : [];
  });
}

/**
 * Counts one more try, unless the count is at `max` or a lock holds; a lock that has expired by
 * `now` starts a fresh count. The count after this try, or undefined if none was taken.
 */
export async function incrementPayPasswordTries(
  db: Db,
  userId: number,
  max: number,
  now: Date,
): Promise<number | undefined> {
  const lockExpired = sql`(${users.payPasswordLockedUntil} is not null and ${users.payPasswordLockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const taken = await db
    .update(users)
    .set({
      payPasswordFailures: sql`(case when ${lockExpired} then 0 else ${users.payPasswordFailures} end) + 1`,
      payPasswordLockedUntil: sql`case when ${lockExpired} then null else ${users.payPasswordLockedUntil} end`,
    })
    .where(
      and(
        eq(users.id, userId),
        or(sql`${lockExpired}`, and(isNull(users.payPasswordLockedUntil), lt(users.payPasswordFailures, max))),
      ),
    )
    .returning({ tries: users.payPasswordFailures });
  return taken[0]?.tries;
}

export async function payPasswordLockedUntil(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: users.payPasswordLockedUntil }).from(users).where(eq(users.id, userId));
  return row?.lockedUntil ?? null;
}

/** Sets the lock when none is set and the count is at `max` (tries left counted by a crash). */
export async function lockPayPasswordIfExhausted(db: Db, userId: number, max: number, until: Date): Promise<void> {
  await db
    .update(users)
    .set({ payPasswordLockedUntil: until })
    .where(and(eq(users.id, userId), isNull(users.payPasswordLockedUntil), gte(users.payPasswordFailures, max)));
}

export async function resetPayPasswordTries(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ payPasswordFailures: 0, payPasswordLockedUntil: null }).where(eq(users.id, userId));
}

/**
 * Keeps a wrong try counted, setting the lock until `until` if none is set and the count is at
 * `max`. Returns the lock now on the row.
 */
export async function settleWrongPayPassword(db: Db, userId: number, max: number, until: Date): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({
      payPasswordLockedUntil: sql`case when ${users.payPasswordLockedUntil} is null and ${users.payPasswordFailures} >= ${max} then ${until.toISOString()}::timestamptz else ${users.payPasswordLockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.payPasswordLockedUntil });
  return row?.lockedUntil ?? null;
}
