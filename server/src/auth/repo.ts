import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type NewUserRow, type UserRow } from '../db/schema/index';
import { notifyPauseStarted, type SecurityCentreEvent } from '../push/events-security';
import type { Destination } from './destination';

export async function findUserByDestination(db: Db, dest: Destination): Promise<UserRow | undefined> {
  const where =
    dest.channel === 'email'
      ? eq(users.email, dest.email)
      : and(eq(users.areaCode, dest.areaCode), eq(users.phone, dest.phone));
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

/** Users with this number under any area code (a login that omits the area code). */
export async function findUsersByPhone(db: Db, phone: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.phone, phone)).limit(2);
}

export async function findUserByInvitationCode(db: Db, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.invitationCode, code)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * A new login password (changed or reset): withdrawals pause for a day (security/withdraw-guard.ts),
 * and the notice saying until when commits with it. Answers the notice, to mail after the commit.
 */
export async function setPasswordHash(db: Db, userId: number, hash: string, now: Date): Promise<SecurityCentreEvent[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .update(users)
      .set({ passwordHash: hash, updatedAt: now, securityChangedAt: now })
      .where(eq(users.id, userId));
    return notifyPauseStarted(t, userId, now);
  });
}
