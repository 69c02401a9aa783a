import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '@contract/domain/locales';
import type { Db } from '../db/client';
import { knownDevices, pushSubscriptions, sessions, signInAlerts, users } from '../db/schema/index';

/** Records a sign-in from `identity`; answers whether the account had never used that device. */
export async function rememberDevice(
  db: Db,
  row: { userId: number; identity: string; name: string },
  now: Date,
): Promise<boolean> {
  // Concurrent first sign-ins from one device: the second insert waits for the first and finds it.
  const inserted = await db
    .insert(knownDevices)
    .values({ ...row, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ identity: knownDevices.identity });
  if (inserted.length > 0) {
    await keepNewest(db, row.userId);
    return true;
  }
  await db
    .update(knownDevices)
    .set({ lastSeenAt: now })
    .where(and(eq(knownDevices.userId, row.userId), eq(knownDevices.identity, row.identity)));
  return false;
}

/**
 * Devices kept per account: more than anyone uses, few enough that signing in with made-up keys
 * cannot grow the table without end. The longest unused go first (and alert again if they return).
 */
export const KNOWN_DEVICES_MAX = 50;

async function keepNewest(db: Db, userId: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM known_devices
    WHERE user_id = ${userId} AND identity NOT IN (
      SELECT identity FROM known_devices WHERE user_id = ${userId}
      ORDER BY last_seen_at DESC, first_seen_at DESC LIMIT ${KNOWN_DEVICES_MAX}
    )`);
}

export async function forgetDevice(db: Db, userId: number, identity: string): Promise<void> {
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), eq(knownDevices.identity, identity)));
}

export async function insertAlert(db: Db, row: typeof signInAlerts.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(signInAlerts).values(row).returning({ id: signInAlerts.id });
  return inserted!.id;
}

export async function alertByToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(signInAlerts).where(eq(signInAlerts.tokenHash, tokenHash));
  return row;
}

/** Uses an open link up: one conditional update, so of parallel or replayed uses exactly one gets the row. */
export async function takeAlert(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(signInAlerts)
    .set({ usedAt: now })
    .where(and(eq(signInAlerts.tokenHash, tokenHash), isNull(signInAlerts.usedAt), gt(signInAlerts.expiresAt, now)))
    .returning();
  return row;
}

/** The account's row, locked like a withdrawal locks it, so a withdrawal is before or after the freeze. */
export async function lockPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.passwordHash;
}

/** Freezes withdrawals (the first freeze's time stays) and notes which login password it saw. */
export async function freezeWithdrawals(db: Db, userId: number, mark: string, now: Date): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ withdrawFrozenAt: now, withdrawFreezeMark: mark })
    .where(and(eq(users.id, userId), isNull(users.withdrawFrozenAt)))
    .returning({ at: users.withdrawFrozenAt });
  if (row?.at) return row.at;
  const [kept] = await db
    .update(users)
    .set({ withdrawFreezeMark: mark })
    .where(eq(users.id, userId))
    .returning({ at: users.withdrawFrozenAt });
  return kept?.at ?? now;
}

/** Ends every open session of the account; answers their ids. */
export async function endSessions(db: Db, userId: number, now: Date): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** The language of the account's newest push subscription: the owner's, not the signer's. */
export async function ownerLocale(db: Db, userId: number): Promise<Locale | undefined> {
  const [row] = await db
    .select({ locale: pushSubscriptions.locale })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(1);
  return row && isLocale(row.locale) ? row.locale : undefined;
}
