import type { UserRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { signedIn, type HandlerContext } from '../../plugins/contract';

/** The signed-in admin; anyone else gets 403 with the error envelope. */
export function requireAdmin(h: HandlerContext): UserRow {
  const { user } = signedIn(h);
  if (user.role !== 'admin') throw new AppError('admin_only', { status: 403 });
  return user;
}
