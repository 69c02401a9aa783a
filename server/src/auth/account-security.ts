import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Session } from '@contract/identity';
import type { AppContext } from '../context';
import { sessions } from '../db/schema/index';
import { describeUserAgent } from '../lib/user-agent';
import { notifySecurity } from '../push/events';
import type { SecurityCentreEvent } from '../push/events-security';
import { securityDestination } from './pay-password';
import { consumeCode, verifyCode } from './codes';
import { assertPasswordNotCommon, hashPassword } from './passwords';
import * as repo from './repo';
import type { Db } from '../db/client';
import { accountChanged, endOtherSessions, sessionIdleLimitMs, sessionsEnded, type Auth } from '../sessions/sessions';

/** A second-factor check run in the change's transaction (`requireStepUp` bound to the action). */
export type ConfirmChange = (db: Db, now: Date) => Promise<void>;

/**
 * Changes the login password of a signed-in account. The code (scene `password`, sent to the
 * bound email, else the bound mobile) proves control of the account beyond the session, and an
 * account with a stronger factor confirms with it too (`confirm`). Whoever knew the old password
 * may hold another session, so every other one ends. The code, the confirmation, the password,
 * its notices and the other sessions' end commit together or not at all. Answers how many
 * sessions ended, and the pause notice written with the change (to mail).
 */
export async function changePassword(
  ctx: AppContext,
  auth: Auth,
  input: { password: string; code: string },
  confirm?: ConfirmChange,
): Promise<{ revoked: number; notices: SecurityCentreEvent[] }> {
  await assertPasswordNotCommon(input.password, 'password');
  const codeId = await verifyCode(ctx, {
    dest: securityDestination(auth.user),
    scene: 'password',
    code: input.code,
    field: 'code',
    consume: false,
  });
  const hash = await hashPassword(input.password, ctx.config.passwordLogN);
  const now = ctx.now();
  const { notices, revoked } = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await consumeCode(t, codeId, now, 'code');
    const events = await repo.setPasswordHash(t, auth.user.id, hash, now);
    await notifySecurity(t, auth.user.id, { changed: 'login' }, now);
    const ended = await endOtherSessions(t, auth.user.id, auth.sessionId, now);
    await confirm?.(t, now);
    return { notices: events, revoked: ended };
  });
  accountChanged(ctx, auth.user.id);
  await sessionsEnded(ctx, revoked);
  return { revoked: revoked.length, notices };
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
