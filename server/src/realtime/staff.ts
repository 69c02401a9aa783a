import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema/index';

/** Whether the account has a staff role (support or admin) and is not disabled. */
export async function isStaff(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ role: users.role, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId));
  return row !== undefined && !row.disabled && row.role !== 'user';
}
