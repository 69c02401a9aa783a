import { and, eq } from 'drizzle-orm';
import { COOLING_OFF_HOURS, type WithdrawGuardState } from '@contract/security';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/index';
import { AppError } from '../errors';
import { notifyPauseStarted, notifySecurityChanges, type SecurityCentreEvent } from '../push/events-security';
import { checkNotFrozen } from './withdraw-freeze';

/**
 * How long a newly saved destination waits under the whitelist, how long switching the whitelist
 * off takes, and how long withdrawals pause after a credential changed: a thief who got in has a
 * day in which the owner hears of it (mail, push) and can act, and no coin leaves meanwhile.
 */
export const COOLING_OFF_MS = COOLING_OFF_HOURS * 60 * 60 * 1000;

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
 * later, and asking again does not move that day. Judged on the user's row locked in `db` (the
 * caller's transaction), so of a burst one changes the state and is notified; the others find
 * it changed and tell nothing. Answers the notices written.
 */
export async function setWhitelist(db: Db, userId: number, on: boolean, now: Date): Promise<SecurityCentreEvent[]> {
  const [row] = await db
    .select({ withdrawWhitelist: users.withdrawWhitelist, whitelistOffAt: users.whitelistOffAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) return [];
  const state = guardOf({ ...row, securityChangedAt: null }, now).whitelist;
  if (on) {
    if (state === 'on') return [];
    await db.update(users).set({ withdrawWhitelist: true, whitelistOffAt: null }).where(eq(users.id, userId));
    const change = state === 'turning_off' ? 'off_cancelled' : 'on';
    return notifySecurityChanges(db, userId, [{ type: 'security.whitelist', change, at: null }], now);
  }
  if (state !== 'on') return [];
  const offAt = later(now);
  await db
    .update(users)
    .set({ whitelistOffAt: offAt })
    .where(and(eq(users.id, userId), eq(users.withdrawWhitelist, true)));
  const at = offAt.toISOString();
  return notifySecurityChanges(db, userId, [{ type: 'security.whitelist', change: 'off_requested', at }], now);
}

/**
 * Marks a second factor added or removed: withdrawals pause for a day, and the user is told until
 * when (in `db`, the change's transaction). Answers the notice written.
 */
export async function markSecurityChanged(db: Db, userId: number, now: Date): Promise<SecurityCentreEvent[]> {
  await db.update(users).set({ securityChangedAt: now }).where(eq(users.id, userId));
  return notifyPauseStarted(db, userId, now);
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
