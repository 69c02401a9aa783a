import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recoveryCodes, totpFactors, type TotpFactorRow } from '../db/schema/index';
import { notifySecurityChanges, type SecurityCentreEvent } from '../push/events-security';
import { markSecurityChanged } from './withdraw-guard';

/** The authenticator app's queries; each is one statement, so counting stays right under races. */

export async function findTotp(db: Db, userId: number): Promise<TotpFactorRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

/** Starts (or restarts) enrolment with a new secret, sealed, unless an app is already confirmed. */
export async function storePendingTotp(
  db: Db,
  userId: number,
  sealed: { sealed: string; keyId: string },
  now: Date,
): Promise<boolean> {
  const secret = { secret: null, secretSealed: sealed.sealed, secretKeyId: sealed.keyId };
  const rows = await db
    .insert(totpFactors)
    .values({ userId, ...secret, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { ...secret, createdAt: now, lastStep: 0, failures: 0, lockedUntil: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

/** Deletes the app and its recovery codes, quietly; answers whether a confirmed app was removed. */
export async function deleteTotp(db: Db, userId: number): Promise<boolean> {
  const [gone] = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ confirmedAt: totpFactors.confirmedAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return Boolean(gone?.confirmedAt);
}

/**
 * Removes the app and its recovery codes (call it in a transaction). Removing a confirmed app is
 * a credential change: the user is told, and withdrawals pause; an enrolment never finished goes
 * quietly. Answers the notices written.
 */
export async function removeTotp(db: Db, userId: number, now: Date): Promise<SecurityCentreEvent[]> {
  if (!(await deleteTotp(db, userId))) return [];
  const removed = await notifySecurityChanges(db, userId, [{ type: 'security.totp', change: 'removed' }], now);
  return [...removed, ...(await markSecurityChanged(db, userId, now))];
}

/**
 * Takes one try before any comparison: counts it, unless the count is at `max` or a lock holds;
 * an expired lock starts a fresh count. The count after this try, or undefined if none was taken.
 */
export async function takeTotpTry(db: Db, userId: number, max: number, now: Date): Promise<number | undefined> {
  const lockExpired = sql`(${totpFactors.lockedUntil} is not null and ${totpFactors.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const taken = await db
    .update(totpFactors)
    .set({
      failures: sql`(case when ${lockExpired} then 0 else ${totpFactors.failures} end) + 1`,
      lockedUntil: sql`case when ${lockExpired} then null else ${totpFactors.lockedUntil} end`,
    })
    .where(
      and(
        eq(totpFactors.userId, userId),
        or(sql`${lockExpired}`, and(isNull(totpFactors.lockedUntil), lt(totpFactors.failures, max))),
      ),
    )
    .returning({ tries: totpFactors.failures });
  return taken[0]?.tries;
}

/** Sets the lock when none is set and the count is at `max`; answers the lock on the row. */
export async function lockTotpIfExhausted(db: Db, userId: number, max: number, until: Date): Promise<Date | null> {
  const [row] = await db
    .update(totpFactors)
    .set({
      lockedUntil: sql`case when ${totpFactors.lockedUntil} is null and ${totpFactors.failures} >= ${max} then ${until.toISOString()}::timestamptz else ${totpFactors.lockedUntil} end`,
    })
    .where(eq(totpFactors.userId, userId))
    .returning({ lockedUntil: totpFactors.lockedUntil });
  return row?.lockedUntil ?? null;
}

/**
 * Accepts a right code's time step once: only a step newer than every accepted one moves
 * `last_step`, so the same code (or an older one) replayed is refused. Resets the tries.
 */
export async function acceptTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const done = await db
    .update(totpFactors)
    .set({ lastStep: step, failures: 0, lockedUntil: null })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .returning({ userId: totpFactors.userId });
  return done.length === 1;
}

/**
 * Confirms a pending app and stores its recovery codes, in one transaction with its notices;
 * answers them, or null when there was no pending app to confirm.
 */
export async function confirmTotp(
  db: Db,
  userId: number,
  codeHashes: string[],
  now: Date,
): Promise<SecurityCentreEvent[] | null> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(totpFactors)
      .set({ confirmedAt: now })
      .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
      .returning({ userId: totpFactors.userId });
    if (done.length !== 1) return null;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    // A factor added is a change too: a thief who enrolled their own app cannot withdraw at once.
    const t = tx as unknown as Db;
    const added = await notifySecurityChanges(t, userId, [{ type: 'security.totp', change: 'added' }], now);
    return [...added, ...(await markSecurityChanged(t, userId, now))];
  });
}

/** Uses a recovery code up, once. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const done = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return done.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function resetTotpTries(db: Db, userId: number): Promise<void> {
  await db.update(totpFactors).set({ failures: 0, lockedUntil: null }).where(eq(totpFactors.userId, userId));
}
