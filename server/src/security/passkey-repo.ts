import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passkeyChallenges, passkeys, users, type PasskeyRow } from '../db/schema/index';
import { notifySecurityChanges, type SecurityCentreEvent } from '../push/events-security';
import { markSecurityChanged } from './withdraw-guard';

/** The passkeys' queries; each write is one conditional statement, so races settle in SQL. */

export type ChallengePurpose = 'register' | 'login';

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Stores a challenge until `expiresAt`; expired ones of anyone are dropped on the way. */
export async function insertChallenge(
  db: Db,
  row: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Uses a challenge up: one delete of the unexpired row of this purpose (and user), so of
 * parallel verifications of one challenge exactly one gets it.
 */
export async function takeChallenge(
  db: Db,
  args: { challenge: string; purpose: ChallengePurpose; userId: number | null; now: Date },
): Promise<boolean> {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, args.challenge),
        eq(passkeyChallenges.purpose, args.purpose),
        args.userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, args.userId),
        sql`${passkeyChallenges.expiresAt} > ${args.now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return taken.length === 1;
}

/**
 * Adds a passkey unless the account already has `max`: the account's row is locked first, so
 * parallel additions count one after another. A credential change: the user is told, and
 * withdrawals pause, like adding the authenticator app. Answers undefined at the limit, else the
 * passkey and the notices written.
 */
export async function insertPasskey(
  db: Db,
  row: Omit<PasskeyRow, 'id' | 'lastUsedAt'>,
  max: number,
): Promise<{ passkey: PasskeyRow; events: SecurityCentreEvent[] } | undefined> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
    if ((await countPasskeys(t, row.userId)) >= max) return undefined;
    const [created] = await t.insert(passkeys).values(row).returning();
    const added = await notifySecurityChanges(
      t,
      row.userId,
      [{ type: 'security.passkey', change: 'added', name: row.name }],
      row.createdAt,
    );
    return { passkey: created!, events: [...added, ...(await markSecurityChanged(t, row.userId, row.createdAt))] };
  });
}

/** Deletes every passkey of the account, quietly (the caller notifies); answers how many. */
export async function deleteAllPasskeys(db: Db, userId: number): Promise<number> {
  const gone = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return gone.length;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/**
 * Removes the user's own passkey; the user is told and withdrawals pause (call it in the action's
 * transaction). Answers the notices written, or null when the user has no such passkey.
 */
export async function deletePasskey(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<SecurityCentreEvent[] | null> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (gone.length !== 1) return null;
  const removed = await notifySecurityChanges(
    db,
    userId,
    [{ type: 'security.passkey', change: 'removed', name: gone[0]!.name }],
    now,
  );
  return [...removed, ...(await markSecurityChanged(db, userId, now))];
}

/**
 * Records a verified use: the stored counter moves to `counter` only if that is forward (or both
 * are 0, an authenticator that counts nothing), so a replayed or cloned assertion whose counter
 * went back, or a second use of the same one racing, finds nothing to update.
 */
export async function recordUse(db: Db, id: number, counter: number, now: Date): Promise<boolean> {
  const done = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, id),
        or(lt(passkeys.counter, counter), and(eq(passkeys.counter, 0), sql`${counter}::bigint = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  return done.length === 1;
}
