import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users, type UserRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { verifyCode } from '../auth/codes';
import type { Destination } from '../auth/destination';
import { hashPassword, verifyPassword } from '../auth/passwords';

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
  await verifyCode(ctx, { dest: securityDestination(user), scene: 'security', code: input.code, field: 'code', consume: true });
  const hash = await hashPassword(input.pay_password);
  await ctx.db
    .update(users)
    .set({ payPasswordHash: hash, payPasswordFailures: 0, payPasswordLockedUntil: null, updatedAt: ctx.now() })
    .where(eq(users.id, user.id));
}

export const PAY_PASSWORD_MAX_FAILURES = 5;
const LOCK_MS = 3_600_000;

/**
 * Checks the pay password. Wrong ones are counted atomically (parallel guesses all count); the
 * fifth in a row locks it for an hour, so a stolen session cannot guess its way to a withdrawal.
 */
export async function checkPayPassword(ctx: AppContext, user: UserRow, payPassword: string): Promise<void> {
  if (!user.payPasswordHash) throw new AppError('pay_password_unset', { field: 'pay_password' });
  const now = ctx.now();
  const locked = (until: Date) =>
    new AppError('pay_password_locked', { values: { minutes: Math.ceil((until.getTime() - now.getTime()) / 60_000) } });
  if (user.payPasswordLockedUntil && user.payPasswordLockedUntil > now) throw locked(user.payPasswordLockedUntil);
  if (await verifyPassword(payPassword, user.payPasswordHash)) {
    if (user.payPasswordFailures > 0) {
      await ctx.db.update(users).set({ payPasswordFailures: 0, payPasswordLockedUntil: null }).where(eq(users.id, user.id));
    }
    return;
  }
  const until = new Date(now.getTime() + LOCK_MS);
  const [row] = await ctx.db
    .update(users)
    .set({
      payPasswordFailures: sql`case when ${users.payPasswordFailures} + 1 >= ${PAY_PASSWORD_MAX_FAILURES} then 0 else ${users.payPasswordFailures} + 1 end`,
      payPasswordLockedUntil: sql`case when ${users.payPasswordFailures} + 1 >= ${PAY_PASSWORD_MAX_FAILURES} then ${until.toISOString()}::timestamptz else ${users.payPasswordLockedUntil} end`,
    })
    .where(eq(users.id, user.id))
    .returning({ lockedUntil: users.payPasswordLockedUntil });
  if (row?.lockedUntil && row.lockedUntil > now) throw locked(row.lockedUntil);
  throw new AppError('pay_password_wrong', { field: 'pay_password' });
}
