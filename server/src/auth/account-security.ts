import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Session } from '@contract/identity';
import type { AppContext } from '../context';
import { sessions } from '../db/schema/index';
import { describeUserAgent } from '../lib/user-agent';
import { notifySecurity } from '../push/events';
import type { SecurityCentreEvent } from '../push/events-security';
import { securityDestination } from './pay-password';
import { verifyCode } from './codes';
import { assertPasswordNotCommon, hashPassword } from './passwords';
import * as repo from './repo';
import { accountChanged, revokeOtherSessions, sessionIdleLimitMs, type Auth } from '../sessions/sessions';

/**
 * Changes the login password of a signed-in account. The code (scene `password`, sent to the
 * bound email, else the bound mobile) proves control of the account beyond the session; whoever
 * knew the old password may hold another session, so every other one ends. Answers how many, and
 * the pause notice written with the change (to mail).
 */
export async function changePassword(
  ctx: AppContext,
  auth: Auth,
  input: { password: string; code: string },
): Promise<{ revoked: number; notices: SecurityCentreEvent[] }> {
  await assertPasswordNotCommon(input.password, 'password');
  await verifyCode(ctx, {
    dest: securityDestination(auth.user),
    scene: 'password',
    code: input.code,
    field: 'code',
    consume: true,
  });
  const notices = await repo.setPasswordHash(
    ctx.db,
    auth.user.id,
    await hashPassword(input.password, ctx.config.passwordLogN),
    ctx.now(),
  );
  await notifySecurity(ctx.db, auth.user.id, { changed: 'login' }, ctx.now());
  accountChanged(ctx, auth.user.id);
  return { revoked: await revokeOtherSessions(ctx, auth.user.id, auth.sessionId), notices };
}

/** Sessions still signed in: not revoked and used within the idle limit; most recent first. */
export async function activeSessions(ctx: AppContext, auth: Auth): Promise<Session[]> {
  const idleSince = new Date(ctx.now().getTime() - sessionIdleLimitMs(ctx.config, auth.user));
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, auth.user.id), isNull(sessions.revokedAt), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
  return rows.map((s) => {
    const ua = describeUserAgent(s.userAgent);
    return {
      id: s.id,
      device: s.userAgent,
      browser: ua.browser,
      os: ua.os,
      model: ua.model,
      device_type: ua.type,
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      current: s.id === auth.sessionId,
    };
  });
}
