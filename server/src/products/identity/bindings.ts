import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { verifyCode } from '../../auth/codes';
import { toDestination, type Destination } from '../../auth/destination';
import { findUserByDestination } from '../../auth/repo';
import { accountChanged } from '../../sessions/sessions';
import { changedIfReplacing } from '../../auth/credential-change';

/**
 * Binds the proven address to the account. An address another account uses is refused; the
 * unique indexes settle a race between two accounts binding the same one.
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
  // Replacing a bound email or phone pauses withdrawals for a day; a first binding does not.
  const set =
    dest.channel === 'email'
      ? { email: dest.email, updatedAt: now, securityChangedAt: changedIfReplacing(users.email, now) }
      : {
          areaCode: dest.areaCode,
          phone: dest.phone,
          updatedAt: now,
          securityChangedAt: changedIfReplacing(users.phone, now),
        };
  try {
    await ctx.db.update(users).set(set).where(eq(users.id, user.id));
    accountChanged(ctx, user.id);
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
