import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users, type UserRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { verifyCode } from '../auth/codes';
import type { Destination } from '../auth/destination';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { accountChanged } from '../auth/sessions';

/** Where the account's `security` codes go: the bound email, else the bound mobile. */
export function securityDestination(user: UserRow): Destination {
  if (user.email) return { channel: 'email', address: user.email, email: user.email };
  if (user.phone && user.areaCode) {
    return { channel: 'sms', address: `+${user.areaCode}${user.phone}`, areaCode: user.areaCode, phone: user.phone };
  }
  throw new AppError('email_required', { type: '997' });
}

/** Sets or replaces the pay password; the code proves control of the account's address. */
export async function setPayPassword(ctx: AppContext, user: UserRow, input: { pay_password: string; code: string }) {
  await verifyCode(ctx, {
    dest: securityDestination(user),
    scene: 'security',
    code: input.code,
    field: 'code',
    consume: true,
  });
  const hash = await hashPassword(input.pay_password);
  await ctx.db
    .update(users)
    .set({ payPasswordHash: hash, payPasswordFailures: 0, payPasswordLockedUntil: null, updatedAt: ctx.now() })
    .where(eq(users.id, user.id));
  // The pay password is checked against the signed-in user's row: the old one must stop working now.
  accountChanged(ctx, user.id);
}

export const PAY_PASSWORD_MAX_FAILURES = 5;
const LOCK_MS = 3_600_000;

/** A try stays counted while its comparison runs; others wait this long for a free one. */
const TRY_WAIT_MS = 10_000;
const TRY_POLL_MS = 25;

const isoAt = (ms: number) => new Date(ms).toISOString();

/**
 * Takes one try before any comparison, in one conditional update: `pay_password_failures` counts
 * wrong tries and tries being compared, and no try is taken while it is at the limit or the lock
 * holds. So a burst of parallel guesses compares at most the limit's worth of passwords, however
 * it is timed. An expired lock starts a fresh count.
 */
async function takeTry(ctx: AppContext, userId: number, now: Date): Promise<number | 'busy' | Date> {
  const lockExpired = sql`(${users.payPasswordLockedUntil} is not null and ${users.payPasswordLockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const taken = await ctx.db
    .update(users)
    .set({
      payPasswordFailures: sql`(case when ${lockExpired} then 0 else ${users.payPasswordFailures} end) + 1`,
      payPasswordLockedUntil: sql`case when ${lockExpired} then null else ${users.payPasswordLockedUntil} end`,
    })
    .where(
      and(
        eq(users.id, userId),
        or(
          sql`${lockExpired}`,
          and(isNull(users.payPasswordLockedUntil), lt(users.payPasswordFailures, PAY_PASSWORD_MAX_FAILURES)),
        ),
      ),
    )
    .returning({ tries: users.payPasswordFailures });
  if (taken[0]) return taken[0].tries;
  const [row] = await ctx.db
    .select({ lockedUntil: users.payPasswordLockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : 'busy';
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
      await ctx.db
        .update(users)
        .set({ payPasswordLockedUntil: until })
        .where(
          and(
            eq(users.id, userId),
            isNull(users.payPasswordLockedUntil),
            gte(users.payPasswordFailures, PAY_PASSWORD_MAX_FAILURES),
          ),
        );
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
    await ctx.db
      .update(users)
      .set({ payPasswordFailures: 0, payPasswordLockedUntil: null })
      .where(eq(users.id, user.id));
    return;
  }
  const [row] = await ctx.db
    .update(users)
    .set({
      payPasswordLockedUntil: sql`case when ${users.payPasswordLockedUntil} is null and ${users.payPasswordFailures} >= ${PAY_PASSWORD_MAX_FAILURES} then ${isoAt(ctx.now().getTime() + LOCK_MS)}::timestamptz else ${users.payPasswordLockedUntil} end`,
    })
    .where(eq(users.id, user.id))
    .returning({ lockedUntil: users.payPasswordLockedUntil });
  if (attempt.tries >= PAY_PASSWORD_MAX_FAILURES && row?.lockedUntil && row.lockedUntil > ctx.now())
    throw locked(row.lockedUntil);
  throw new AppError('pay_password_wrong', { field: 'pay_password' });
}
