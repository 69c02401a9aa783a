import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { verifyCode } from '../../auth/codes';
import { toDestination, type Destination } from '../../auth/destination';
import { findUserByDestination } from '../../auth/repo';
import { accountChanged } from '../../sessions/sessions';

/**
 * Binds the proven address to the account, only where none is bound: the signed-in user's row
 * may be a cached copy, and of parallel bindings one applies, so a bound email or phone is never
 * replaced (that would be a change, which pauses withdrawals and is told). An address another
 * account uses is refused; the unique indexes settle a race between two accounts binding it.
 */
async function bind(ctx: AppContext, user: UserRow, dest: Destination, code: string, field: string) {
  if (await findUserByDestination(ctx.db, dest)) throw new AppError('account_exists', { field });
  await verifyCode(ctx, {
    dest,
    scene: dest.channel === 'email' ? 'bind_email' : 'bind_mobile',
    code,
    field: 'code',
    consume: true,
  });
  const now = ctx.now();
  const isEmail = dest.channel === 'email';
  const set = isEmail
    ? { email: dest.email, updatedAt: now }
    : { areaCode: dest.areaCode, phone: dest.phone, updatedAt: now };
  try {
    const bound = await ctx.db
      .update(users)
      .set(set)
      .where(and(eq(users.id, user.id), isNull(isEmail ? users.email : users.phone)))
      .returning({ id: users.id });
    accountChanged(ctx, user.id);
    if (bound.length === 0) throw new AppError(isEmail ? 'email_already_bound' : 'mobile_already_bound', { field });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('account_exists', { field });
    throw err;
  }
}

export async function bindEmail(ctx: AppContext, user: UserRow, input: { email: string; code: string }) {
  if (user.email) throw new AppError('email_already_bound', { field: 'email' });
  await bind(ctx, user, toDestination('email', input.email, undefined, 'email'), input.code, 'email');
}

export async function bindMobile(
  ctx: AppContext,
  user: UserRow,
  input: { mobile: string; area_code: string; code: string },
) {
  if (user.phone) throw new AppError('mobile_already_bound', { field: 'mobile' });
  await bind(ctx, user, toDestination('mobile', input.mobile, input.area_code, 'mobile'), input.code, 'mobile');
}
