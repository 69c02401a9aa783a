import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { loginThrottles } from '../db/schema/index';
import { AppError } from '../errors';

/** Wrong passwords allowed per account within the window before it locks. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;

/**
 * Takes one login try for `key` before the password is compared, in one statement: a window
 * older than LOGIN_WINDOW_MS starts again, and the try that reaches LOGIN_MAX_FAILURES locks the
 * key for LOGIN_LOCK_MS. A locked key takes no try and answers "try again in N minutes". Because
 * the count rises before the comparison, parallel wrong passwords cannot get more comparisons
 * than allowed, from any number of addresses.
 */
export async function takeLoginTry(ctx: AppContext, key: string): Promise<void> {
  const now = ctx.now();
  const at = (ms: number) => sql`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
  const t = loginThrottles;
  const fresh = sql`${t.windowStartedAt} <= ${at(-LOGIN_WINDOW_MS)}`;
  const taken = await ctx.db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${fresh} then ${at(0)} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when not ${fresh} and ${t.failures} + 1 >= ${LOGIN_MAX_FAILURES} then ${at(LOGIN_LOCK_MS)} else null end`,
      },
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${at(0)}`,
    })
    .returning({ failures: t.failures });
  if (taken.length > 0) return;
  const [row] = await ctx.db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.key, key));
  const waitMs = (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
  throw new AppError('login_locked', { values: { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) } });
}

/** A right password gives the account its tries back. */
export async function clearLoginTries(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
