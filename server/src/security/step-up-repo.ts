import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stepUps, type StepUpRow } from '../db/schema/index';

export async function insertStepUp(
  db: Db,
  row: Pick<
    StepUpRow,
    'userId' | 'action' | 'actionHash' | 'factor' | 'codeId' | 'challenge' | 'createdAt' | 'expiresAt'
  >,
): Promise<number> {
  const [created] = await db.insert(stepUps).values(row).returning({ id: stepUps.id });
  return created!.id;
}

/** The user's own open confirmation; another user's id answers like a missing one. */
export async function findOpenStepUp(db: Db, userId: number, id: number, now: Date): Promise<StepUpRow | undefined> {
  const [row] = await db
    .select()
    .from(stepUps)
    .where(and(eq(stepUps.id, id), eq(stepUps.userId, userId), isNull(stepUps.verifiedAt), gt(stepUps.expiresAt, now)));
  return row;
}

/** Marks a confirmation proven, once: a second proof of the same one changes nothing. */
export async function markVerified(db: Db, id: number, tokenHash: string, now: Date, expiresAt: Date) {
  const done = await db
    .update(stepUps)
    .set({ verifiedAt: now, tokenHash, expiresAt })
    .where(and(eq(stepUps.id, id), isNull(stepUps.verifiedAt)))
    .returning({ id: stepUps.id });
  return done.length === 1;
}

/**
 * Uses up a proven confirmation of this user, action and exact parameters, in the caller's
 * transaction: one conditional update, so it approves one action once however requests race.
 */
export async function consumeStepUp(
  db: Db,
  args: { userId: number; action: string; actionHash: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const done = await db
    .update(stepUps)
    .set({ consumedAt: args.now })
    .where(
      and(
        eq(stepUps.tokenHash, args.tokenHash),
        eq(stepUps.userId, args.userId),
        eq(stepUps.action, args.action),
        eq(stepUps.actionHash, args.actionHash),
        isNotNull(stepUps.verifiedAt),
        isNull(stepUps.consumedAt),
        gt(stepUps.expiresAt, args.now),
      ),
    )
    .returning({ id: stepUps.id });
  return done.length === 1;
}
