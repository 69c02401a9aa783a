import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { Listener } from '../db/listen';
import { sessions, users, type UserRow } from '../db/schema/index';
import { SessionCache } from './session-cache';

export interface Auth {
  user: UserRow;
  sessionId: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Writing last_seen on every request would turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

/** Size of the in-memory session cache, and how long a copy is trusted without a notification. */
export const SESSION_CACHE_DEFAULTS = { maxEntries: 50_000, maxAgeMs: 60_000 };

/** One-shot hashing: no Hash object per signed-in request. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * How long a session of this account may go unused: SESSION_IDLE_DAYS when it chose "stay logged
 * in" (the default), SESSION_SHORT_IDLE_MINUTES when it turned that off.
 */
export function sessionIdleLimitMs(config: AppContext['config'], user: Pick<UserRow, 'stayLoggedIn'>): number {
  return user.stayLoggedIn ? config.sessionIdleDays * DAY_MS : config.sessionShortIdleMinutes * 60_000;
}

export { SessionCache };

/**
 * Keeps `cache` in step with the database: the migration's triggers announce every committed
 * change to an account (`user_changed`) and every revocation (`session_changed`), from any
 * process. When announcements may have been missed, everything is forgotten.
 */
export async function followSessionChanges(listener: Listener, cache: SessionCache): Promise<void> {
  const ids = (payload: string, drop: (id: number) => void) => {
    const id = Number(payload);
    if (Number.isInteger(id)) drop(id);
    else cache.clear();
  };
  await listener.listen('user_changed', (p) => ids(p, (id) => cache.dropUser(id)));
  await listener.listen('session_changed', (p) => ids(p, (id) => cache.dropSession(id)));
  await listener.listen(SETTLED_CHANNEL, (marker) => cache.received(marker));
}

/**
 * Call after committing a change to a user's row: this process's cached copies go at once, so the
 * user's next request (and the one that made the change) reads the change; other processes drop
 * theirs when the database's announcement reaches them.
 */
export function accountChanged(ctx: AppContext, userId: number): void {
  ctx.sessions.dropUser(userId);
}

const SETTLED_CHANNEL = 'session_cache_settled';
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * Resolves once this process has handled every change committed before the call. PostgreSQL
 * delivers notifications in commit order, so a marker sent now arrives after them; with PGlite
 * delivery is immediate. Used after revocations, so their reply is not sent before the
 * announcement is out, and by tests.
 */
export async function sessionChangesSettled(ctx: AppContext): Promise<void> {
  const marker = randomBytes(8).toString('hex');
  const arrived = ctx.sessions.waitFor(marker);
  await ctx.db.execute(sql`select pg_notify(${SETTLED_CHANNEL}, ${marker})`);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      // The listener is reconnecting; the cache was cleared when it dropped, so nothing is stale.
      ctx.sessions.received(marker);
      resolve();
    }, SETTLE_TIMEOUT_MS);
  });
  await Promise.race([arrived, late]);
  clearTimeout(timer);
}

/** Writes a session row in `db` (the caller's transaction): 256 random bits, of which only the hash is stored. */
export async function insertSession(
  db: Db,
  userId: number,
  meta: { ip: string; userAgent: string },
  now: Date,
): Promise<{ token: string; id: number }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      ip: meta.ip.slice(0, 64),
      userAgent: meta.userAgent.slice(0, 256),
      createdAt: now,
      lastSeenAt: now,
    })
    .returning({ id: sessions.id });
  return { token, id: row!.id };
}

/** Opens a session; sign-ins go through `openSession` (devices/sign-in.ts), which also knows the device. */
export async function createSession(
  ctx: AppContext,
  userId: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  return (await insertSession(ctx.db, userId, meta, ctx.now())).token;
}

async function loadSession(ctx: AppContext, tokenHash: string) {
  const [row] = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

/**
 * The signed-in user for a token, or null when it is unknown, revoked, idle for too long or its
 * account is disabled. Served from memory when possible; revocations and account changes reach
 * the cache through database notifications (see `followSessionChanges`).
 */
export async function resolveSession(ctx: AppContext, token: string): Promise<Auth | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const nowMs = now.getTime();
  let entry = ctx.sessions.get(tokenHash, nowMs);
  if (!entry) {
    const readEpoch = ctx.sessions.currentEpoch;
    const row = await loadSession(ctx, tokenHash);
    if (!row) return null;
    entry = {
      sessionId: row.session.id,
      user: row.user,
      lastSeenMs: row.session.lastSeenAt.getTime(),
      loadedMs: nowMs,
    };
    ctx.sessions.set(tokenHash, entry, readEpoch);
  }
  if (entry.user.disabled || entry.user.frozenAt) return null;
  const idleMs = nowMs - entry.lastSeenMs;
  if (idleMs > sessionIdleLimitMs(ctx.config, entry.user)) return null;
  if (idleMs > TOUCH_INTERVAL_MS) {
    entry.lastSeenMs = nowMs;
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, entry.sessionId));
  }
  return { user: entry.user, sessionId: entry.sessionId };
}

/* Revocations drop this process's copies as soon as they are committed; the database's
 * notification does the same in every other process. */

export async function revokeSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  ctx.sessions.dropSession(sessionId);
  await sessionChangesSettled(ctx);
}

export async function revokeAllSessions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  ctx.sessions.dropUser(userId);
  await sessionChangesSettled(ctx);
}

/** Ends one session of `userId`; answers whether it was theirs and still open. */
export async function revokeUserSession(ctx: AppContext, userId: number, sessionId: number): Promise<boolean> {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (revoked.length === 0) return false;
  ctx.sessions.dropSession(sessionId);
  await sessionChangesSettled(ctx);
  return true;
}

/** Ends every session of the user but `keepSessionId` in `db` (the caller's transaction); answers their ids. */
export async function endOtherSessions(db: Db, userId: number, keepSessionId: number, now: Date): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((r) => r.id);
}

/** After the commit that ended `ids`: this process's copies go, and the announcement is out. */
export async function sessionsEnded(ctx: AppContext, ids: readonly number[]): Promise<void> {
  for (const id of ids) ctx.sessions.dropSession(id);
  await sessionChangesSettled(ctx);
}

/** "Log out other devices": every session of the user but `keepSessionId`. */
export async function revokeOtherSessions(ctx: AppContext, userId: number, keepSessionId: number): Promise<number> {
  const revoked = await endOtherSessions(ctx.db, userId, keepSessionId, ctx.now());
  await sessionsEnded(ctx, revoked);
  return revoked.length;
}
