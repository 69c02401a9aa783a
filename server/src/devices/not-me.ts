import { hash } from 'node:crypto';
import type { NotMeSignIn } from '@contract/devices';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { sessionChangesSettled } from '../sessions/sessions';
import * as repo from './repo';

const sha256 = (value: string) => hash('sha256', value, 'hex');

/**
 * What a freeze remembers of the login password it saw: the sha256 of its stored hash. Lifting
 * the freeze needs another one (security/withdraw-freeze.ts): whoever signed in knew that one.
 */
export const passwordMark = (passwordHash: string) => sha256(passwordHash);

/** Unknown, used and expired links each say so; a token is 256 random bits, so saying leaks nothing. */
async function refusal(ctx: AppContext, tokenHash: string): Promise<AppError> {
  const row = await repo.alertByToken(ctx.db, tokenHash);
  if (!row) return new AppError('not_me_invalid', { field: 'token' });
  if (row.usedAt) return new AppError('not_me_used');
  return new AppError('not_me_expired');
}

/** The sign-in a link names, for the page that asks before acting. */
export async function checkNotMe(ctx: AppContext, token: string): Promise<NotMeSignIn> {
  const row = await repo.alertByToken(ctx.db, sha256(token));
  if (!row) throw new AppError('not_me_invalid', { field: 'token' });
  const state = row.usedAt ? 'used' : row.expiresAt <= ctx.now() ? 'expired' : 'open';
  return { device: row.device, ip: row.ip, signed_in_at: row.createdAt.toISOString(), state };
}

/**
 * "This wasn't me", in one transaction: the link is used up (one conditional update: a replay
 * or a parallel tap finds it used), withdrawals freeze, every session of the account ends and
 * the sign-in's device is forgotten (its next sign-in alerts again). The account's row is locked
 * first, as a withdrawal locks it, so every withdrawal is either before the freeze or refused.
 */
export async function useNotMe(ctx: AppContext, token: string): Promise<{ frozen_at: string; sessions_ended: number }> {
  const tokenHash = sha256(token);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const alert = await repo.takeAlert(db, tokenHash, now);
    if (!alert) return null;
    const passwordHash = await repo.lockPasswordHash(db, alert.userId);
    if (passwordHash === undefined) throw new AppError('not_me_invalid', { field: 'token' });
    const frozenAt = await repo.freezeWithdrawals(db, alert.userId, passwordMark(passwordHash), now);
    const ended = await repo.endSessions(db, alert.userId, now);
    await repo.forgetDevice(db, alert.userId, alert.identity);
    return { userId: alert.userId, frozenAt, ended };
  });
  if (!done) throw await refusal(ctx, tokenHash);
  // This process forgets the sessions at once; the others when the database's notice reaches them.
  ctx.sessions.dropUser(done.userId);
  await sessionChangesSettled(ctx);
  return { frozen_at: done.frozenAt.toISOString(), sessions_ended: done.ended.length };
}
