import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/index';
import { AppError } from '../errors';
import { notifySecurity } from '../push/events';
import type { SecurityCentreEvent } from '../push/events-security';
import { consumeCode, verifyCode } from './codes';
import type { Destination } from './destination';
import { hashPassword, verifyPassword } from './passwords';
import { accountChanged } from '../sessions/sessions';
import {
  incrementPayPasswordTries,
  lockPayPasswordIfExhausted,
  payPasswordLockedUntil,
  resetPayPasswordTries,
  settleWrongPayPassword,
  storePayPassword,
} from './pay-password-repo';

/** Where the account's `security` codes go: the bound email, else the bound mobile. */
export function securityDestination(user: UserRow): Destination {
  if (user.email) return { channel: 'email', address: user.email, email: user.email };
  if (user.phone && user.areaCode) {
    return { channel: 'sms', address: `+${user.areaCode}${user.phone}`, areaCode: user.areaCode, phone: user.phone };
  }
  throw new AppError('email_required', { type: '997' });
}

/** A check run last in the change's transaction, after its rules (the step-up of a stronger factor). */
export type ConfirmChange = (tx: Db, now: Date) => Promise<void>;

/**
 * Sets or replaces the pay password; the code proves control of the account's address. The code
 * is checked first (its tries count on their own), then in one transaction it is used up, the
 * password stored with its pause and notices, and `confirm` run last: a crash or a refused
 * confirmation leaves the code, the confirmation and the password as they were.
 */
export async function setPayPassword(
  ctx: AppContext,
  user: UserRow,
  input: { pay_password: string; code: string },
  confirm?: ConfirmChange,
): Promise<SecurityCentreEvent[]> {
  const codeId = await verifyCode(ctx, {
    dest: securityDestination(user),
    scene: 'security',
    code: input.code,
    field: 'code',
    consume: false,
  });
  const hash = await hashPassword(input.pay_password, ctx.config.passwordLogN);
  const now = ctx.now();
  const notices = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await consumeCode(t, codeId, now, 'code');
    const events = await storePayPassword(t, user.id, hash, now);
    await notifySecurity(t, user.id, { changed: 'pay' }, now);
    await confirm?.(t, now);
    return events;
  });
  // The pay password is checked against the signed-in user's row: the old one must stop working now.
  accountChanged(ctx, user.id);
  return notices;
}

export const PAY_PASSWORD_MAX_FAILURES = 5;
const LOCK_MS = 3_600_000;

/** A try stays counted while its comparison runs; others wait this long for a free one. */
const TRY_WAIT_MS = 10_000;
const TRY_POLL_MS = 25;

/**
 * Takes one try before any comparison, in one conditional update: `pay_password_failures` counts
 * wrong tries and tries being compared, and no try is taken while it is at the limit or the lock
 * holds. So a burst of parallel guesses compares at most the limit's worth of passwords, however
 * it is timed. An expired lock starts a fresh count.
 */
async function takeTry(ctx: AppContext, userId: number, now: Date): Promise<number | 'busy' | Date> {
  const tries = await incrementPayPasswordTries(ctx.db, userId, PAY_PASSWORD_MAX_FAILURES, now);
  if (tries !== undefined) return tries;
  const lockedUntil = await payPasswordLockedUntil(ctx.db, userId);
  return lockedUntil && lockedUntil > now ? lockedUntil : 'busy';
}

/**
 * Waits while every try is being compared (the owner sending several withdrawals at once); the
 * answers free them. Tries still counted after the wait belong to requests that never finished
 * (a crash): they count as wrong ones and the lock is set, so the count cannot stay stuck.
 */
async function takeTryOrWait(ctx: AppContext, userId: number): Promise<{ tries: number } | { lockedUntil: Date }> {
  for (let waited = 0; ; waited += TRY_POLL_MS) {
    const result = await takeTry(ctx, userId, ctx.now());
    if (typeof result === 'number') return { tries: result };
    if (result instanceof Date) return { lockedUntil: result };
    if (waited >= TRY_WAIT_MS) {
      const until = new Date(ctx.now().getTime() + LOCK_MS);
      await lockPayPasswordIfExhausted(ctx.db, userId, PAY_PASSWORD_MAX_FAILURES, until);
      return { lockedUntil: until };
    }
    await sleep(TRY_POLL_MS);
  }
}

/**
 * Checks the pay password. Every check takes a try first (see `takeTry`); a right password resets
 * the count. A wrong one stays counted; once the count is at the limit it locks the pay password
 * for an hour, so a stolen session cannot guess its way to a withdrawal however it times its
 * guesses. The wrong try that was the fifth is told about the lock, earlier ones that it is wrong.
 */
export async function checkPayPassword(ctx: AppContext, user: UserRow, payPassword: string): Promise<void> {
  if (!user.payPasswordHash) throw new AppError('pay_password_unset', { field: 'pay_password' });
  const locked = (until: Date) =>
    new AppError('pay_password_locked', {
      values: { minutes: Math.max(1, Math.ceil((until.getTime() - ctx.now().getTime()) / 60_000)) },
    });
  const attempt = await takeTryOrWait(ctx, user.id);
  if ('lockedUntil' in attempt) throw locked(attempt.lockedUntil);
  if (await verifyPassword(payPassword, user.payPasswordHash)) {
    await resetPayPasswordTries(ctx.db, user.id);
    return;
  }
  const until = new Date(ctx.now().getTime() + LOCK_MS);
  const lockedUntil = await settleWrongPayPassword(ctx.db, user.id, PAY_PASSWORD_MAX_FAILURES, until);
  if (attempt.tries >= PAY_PASSWORD_MAX_FAILURES && lockedUntil && lockedUntil > ctx.now()) throw locked(lockedUntil);
  throw new AppError('pay_password_wrong', { field: 'pay_password' });
}
