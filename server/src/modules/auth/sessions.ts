import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions, users, type UserRow } from '../../db/schema/index';

export interface Auth {
  user: UserRow;
  sessionId: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Writing last_seen on every request would turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session: 256 random bits, of which only the hash is stored. */
export async function createSession(
  ctx: AppContext,
  userId: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 256),
    createdAt: now,
    lastSeenAt: now,
  });
  return token;
}

/** The signed-in user for a token, or null when it is unknown, revoked or idle for too long. */
export async function resolveSession(ctx: AppContext, token: string): Promise<Auth | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row || row.user.disabled) return null;
  const now = ctx.now();
  const idleMs = now.getTime() - row.session.lastSeenAt.getTime();
  if (idleMs > ctx.config.sessionIdleDays * DAY_MS) return null;
  if (idleMs > TOUCH_INTERVAL_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }
  return { user: row.user, sessionId: row.session.id };
}

export async function revokeSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
