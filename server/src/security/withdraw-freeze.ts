import { eq } from 'drizzle-orm';
import type { WithdrawFreeze } from '@contract/security';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/index';
import { passwordMark } from '../devices/not-me';
import { AppError } from '../errors';

/**
 * The withdrawal freeze a "this wasn't me" link sets (`devices/not-me.ts`). Only its owner lifts
 * it, and only after two proofs a thief holding the old password lacks: a login password set
 * since the freeze (a reset needs the emailed or texted code) and a confirmation of action
 * `withdraw_unfreeze` by the strongest factor. The new password also pauses withdrawals for a
 * day (`withdraw-guard.ts`). Support lifts it the same way, by helping the owner reset.
 */
type FreezeFields = Pick<UserRow, 'withdrawFrozenAt' | 'withdrawFreezeMark' | 'passwordHash'>;

/** A time in messages: the server does not know the user's zone, so UTC, to the minute. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function freezeOf(user: FreezeFields): WithdrawFreeze {
  if (!user.withdrawFrozenAt) return { frozen_at: null, password_changed: false };
  return {
    frozen_at: user.withdrawFrozenAt.toISOString(),
    password_changed: user.withdrawFreezeMark !== passwordMark(user.passwordHash),
  };
}

/** Refuses a withdrawal while frozen; `user` is the row the withdrawal locked. */
export function checkNotFrozen(user: Pick<UserRow, 'withdrawFrozenAt'>): void {
  if (user.withdrawFrozenAt) throw new AppError('withdraw_frozen', { values: { since: utc(user.withdrawFrozenAt) } });
}

/**
 * The rules of lifting, on the row locked in the action's transaction `db`: frozen, and a new
 * login password since. The caller then uses up the confirmation (after the rules, so a refusal
 * leaves it unused) and calls `liftFreeze`.
 */
export async function lockFreeze(db: Db, userId: number): Promise<void> {
  const [row] = await db
    .select({
      withdrawFrozenAt: users.withdrawFrozenAt,
      withdrawFreezeMark: users.withdrawFreezeMark,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new AppError('session_expired', { type: '999' });
  const freeze = freezeOf(row);
  if (!freeze.frozen_at) throw new AppError('withdraw_not_frozen');
  if (!freeze.password_changed) throw new AppError('unfreeze_password_first');
}

export async function liftFreeze(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ withdrawFrozenAt: null, withdrawFreezeMark: null }).where(eq(users.id, userId));
}

/** The freeze as the security page shows it, read from the row (not the session cache). */
export async function readFreeze(db: Db, userId: number): Promise<WithdrawFreeze> {
  const [row] = await db
    .select({
      withdrawFrozenAt: users.withdrawFrozenAt,
      withdrawFreezeMark: users.withdrawFreezeMark,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('session_expired', { type: '999' });
  return freezeOf(row);
}
