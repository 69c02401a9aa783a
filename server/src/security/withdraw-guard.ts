import { and, eq, sql } from 'drizzle-orm';
import type { WithdrawGuardState } from '@contract/security';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/index';
import { AppError } from '../errors';
import { checkNotFrozen } from './withdraw-freeze';

/**
 * How long a newly saved destination waits under the whitelist, how long switching the whitelist
 * off takes, and how long withdrawals pause after a credential changed: a thief who got in has a
 * day in which the owner hears of it (mail, push) and can act, and no coin leaves meanwhile.
 */
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;

type GuardFields = Pick<UserRow, 'withdrawWhitelist' | 'whitelistOffAt' | 'securityChangedAt'>;
type CheckedFields = GuardFields & Pick<UserRow, 'withdrawFrozenAt'>;

export interface WithdrawGuard {
  whitelist: WithdrawGuardState;
  /** When a requested switch-off takes effect (only while `turning_off`). */
  whitelistOffAt: Date | null;
  /** When withdrawals resume after a credential change (null: not paused). */
  pausedUntil: Date | null;
}

const later = (at: Date) => new Date(at.getTime() + COOLING_OFF_MS);
/** A time in messages: the server does not know the user's zone, so UTC, to the minute. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function guardOf(user: GuardFields, now: Date): WithdrawGuard {
  const offAt = user.whitelistOffAt;
  const whitelist: WithdrawGuardState = !user.withdrawWhitelist
    ? 'off'
    : offAt === null
      ? 'on'
      : offAt > now
        ? 'turning_off'
        : 'off';
  const resume = user.securityChangedAt ? later(user.securityChangedAt) : null;
  return {
    whitelist,
    whitelistOffAt: whitelist === 'turning_off' ? offAt : null,
    pausedUntil: resume && resume > now ? resume : null,
  };
}

/**
 * Refuses a withdrawal while frozen by a "this wasn't me" link (`withdraw-freeze.ts`), while
 * withdrawals pause after a credential change, and, while the whitelist
 * is on (or still switching off), to a destination saved less than a day ago. `user` is the row
 * read under the withdrawal's lock, `destinationSavedAt` when the address or card was saved.
 */
export function checkWithdrawGuard(user: CheckedFields, destinationSavedAt: Date, now: Date): void {
  checkNotFrozen(user);
  const guard = guardOf(user, now);
  if (guard.pausedUntil) throw new AppError('withdraw_paused', { values: { until: utc(guard.pausedUntil) } });
  if (guard.whitelist === 'off') return;
  const usable = later(destinationSavedAt);
  if (usable > now) throw new AppError('withdraw_destination_cooling', { values: { until: utc(usable) } });
}

/**
 * Switching on applies at once (and cancels a pending switch-off); switching off takes effect a day
 * later, and asking again does not move that day.
 */
export async function setWhitelist(db: Db, userId: number, on: boolean, now: Date): Promise<void> {
  if (on) {
    await db.update(users).set({ withdrawWhitelist: true, whitelistOffAt: null }).where(eq(users.id, userId));
    return;
  }
  await db
    .update(users)
    .set({ whitelistOffAt: sql`coalesce(${users.whitelistOffAt}, ${later(now).toISOString()}::timestamptz)` })
    .where(and(eq(users.id, userId), eq(users.withdrawWhitelist, true)));
}

/** Marks a second factor added or removed: withdrawals pause for a day. */
export async function markSecurityChanged(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ securityChangedAt: now }).where(eq(users.id, userId));
}

/** The user's guard, read from the row (not the session cache). */
export async function readWithdrawGuard(db: Db, userId: number, now: Date): Promise<WithdrawGuard> {
  const [row] = await db
    .select({
      withdrawWhitelist: users.withdrawWhitelist,
      whitelistOffAt: users.whitelistOffAt,
      securityChangedAt: users.securityChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('session_expired', { type: '999' });
  return guardOf(row, now);
}
