import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verificationCodes, type VerificationCodeRow } from '../db/schema/index';

export async function latestForDestination(db: Db, destination: string, scene?: string) {
  const where = scene
    ? and(eq(verificationCodes.destination, destination), eq(verificationCodes.scene, scene))
    : eq(verificationCodes.destination, destination);
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(where)
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function countByIpSince(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.ip, ip), gte(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function countByDestinationSince(db: Db, destination: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.destination, destination), gte(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function countByUserSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), gte(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertCode(
  db: Db,
  values: Omit<VerificationCodeRow, 'id' | 'attempts' | 'consumedAt'>,
): Promise<number> {
  const [row] = await db.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/**
 * Takes one of the code's tries before the guess is compared, atomically, so parallel guesses
 * cannot get more than the allowed number of comparisons. False when none is left or the code
 * was used meanwhile.
 */
export async function takeAttempt(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/**
 * A right guess gives its try back (unless `giveBack` is false: it was given back when the guess
 * was checked); with `consumeAt` it also uses the code up (once only).
 */
export async function settleRightGuess(db: Db, id: number, consumeAt: Date | null, giveBack = true): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({
      ...(giveBack ? { attempts: sql`${verificationCodes.attempts} - 1` } : {}),
      ...(consumeAt ? { consumedAt: consumeAt } : {}),
    })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
