/**
 * The two-person reset of a user's second factor (`contract/security-console.ts`). One admin
 * proposes removing the authenticator app and/or every passkey, with a reason; a different admin
 * approves within FACTOR_RESET_HOURS, or any admin (the proposer too) rejects. Proposing locks
 * the user's row (one pending proposal per user); deciding locks the proposal's row, so of a
 * burst of decisions one applies and the rest find it decided. Every step writes its audit row
 * (entity `user`, the user's id) in its own transaction and notifies the user (inbox and push
 * with it, mail after the commit): proposed, applied or rejected; applying pauses withdrawals
 * for a day.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { FACTOR_RESET_HOURS, type FactorReset, type FactorResetState } from '@contract/security-console';
import { audit } from '../audit/index';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { factorResets, type FactorResetRow } from '../db/schema/factor-resets';
import { AppError } from '../errors';
import { offsetOf } from '../lib/paging';
import { notifySecurityChanges, type SecurityCentreEvent } from '../push/events-security';
import { countPasskeys, deleteAllPasskeys } from './passkey-repo';
import { deleteTotp, findTotp } from './totp-repo';
import { markSecurityChanged } from './withdraw-guard';

const WAIT_MS = FACTOR_RESET_HOURS * 3_600_000;

const stateOf = (r: FactorResetRow, now: Date): FactorResetState =>
  r.state === 'pending' && r.expiresAt <= now ? 'expired' : (r.state as FactorResetState);

export function resetDto(r: FactorResetRow, proposerAccount: string, now: Date): FactorReset {
  return {
    id: r.id,
    user_id: r.userId,
    remove_totp: r.removeTotp,
    remove_passkeys: r.removePasskeys,
    reason: r.reason,
    proposed_by: r.proposedBy,
    proposed_by_account: proposerAccount,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    state: stateOf(r, now),
    decided_by: r.decidedBy,
    decided_at: r.decidedAt?.toISOString() ?? null,
    decision_reason: r.decisionReason,
  };
}

/** What the audit log keeps of a proposal: its terms and state, never a secret. */
const audited = (r: FactorResetRow, now: Date) => ({
  reset_id: r.id,
  remove_totp: r.removeTotp,
  remove_passkeys: r.removePasskeys,
  state: stateOf(r, now),
});

/** Proposals with their proposers' account numbers, newest first. */
export async function listResets(
  db: Db,
  filter: { userId?: number; pendingAt?: Date },
  p: { page: number; limit: number },
) {
  const where = and(
    filter.userId === undefined ? undefined : eq(factorResets.userId, filter.userId),
    filter.pendingAt ? and(eq(factorResets.state, 'pending'), gt(factorResets.expiresAt, filter.pendingAt)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: factorResets, account: users.accountNumber })
      .from(factorResets)
      .innerJoin(users, eq(users.id, factorResets.proposedBy))
      .where(where)
      .orderBy(desc(factorResets.id))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(factorResets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

async function proposerAccount(db: Db, adminId: number): Promise<string> {
  const [row] = await db.select({ a: users.accountNumber }).from(users).where(eq(users.id, adminId));
  return row?.a ?? '';
}

export async function proposeReset(
  ctx: AppContext,
  adminId: number,
  input: { userId: number; totp: boolean; passkeys: boolean; reason: string },
): Promise<{ reset: FactorReset; events: SecurityCentreEvent[] }> {
  if (input.userId === adminId) throw new AppError('own_account');
  const now = ctx.now();
  const { row, events } = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw new AppError('record_not_found');
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(factorResets)
      .where(
        and(eq(factorResets.userId, input.userId), eq(factorResets.state, 'pending'), gt(factorResets.expiresAt, now)),
      );
    if ((open?.n ?? 0) > 0) throw new AppError('reset_pending');
    const totp = input.totp && Boolean((await findTotp(db, input.userId))?.confirmedAt);
    const passkeys = input.passkeys ? await countPasskeys(db, input.userId) : 0;
    if (!totp && passkeys === 0) throw new AppError('reset_nothing');
    const [created] = await db
      .insert(factorResets)
      .values({
        userId: input.userId,
        removeTotp: input.totp,
        removePasskeys: input.passkeys,
        reason: input.reason,
        proposedBy: adminId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + WAIT_MS),
      })
      .returning();
    await audit(tx, {
      adminId,
      action: 'factor_reset.propose',
      entity: 'user',
      entityId: input.userId,
      reason: input.reason,
      before: null,
      after: audited(created!, now),
      at: now,
    });
    // The owner hears of it at once: a reset they did not ask for can be stopped within the day.
    const event = { type: 'security.factor_reset', stage: 'proposed', totp, passkeys } as const;
    return { row: created!, events: await notifySecurityChanges(db, input.userId, [event], now) };
  });
  return { reset: resetDto(row, await proposerAccount(ctx.db, row.proposedBy), now), events };
}

/** Removes what the proposal names, as the user has it now; the notices written, if any. */
async function applyReset(db: Db, r: FactorResetRow, now: Date): Promise<SecurityCentreEvent[]> {
  const totp = r.removeTotp ? await deleteTotp(db, r.userId) : false;
  const passkeys = r.removePasskeys ? await deleteAllPasskeys(db, r.userId) : 0;
  if (!totp && passkeys === 0) return [];
  const event = { type: 'security.factor_reset', stage: 'applied', totp, passkeys } as const;
  const told = await notifySecurityChanges(db, r.userId, [event], now);
  return [...told, ...(await markSecurityChanged(db, r.userId, now))];
}

/** Tells the owner a proposal was turned down, naming what it would have removed. */
async function tellRejected(db: Db, r: FactorResetRow, now: Date): Promise<SecurityCentreEvent[]> {
  const totp = r.removeTotp && Boolean((await findTotp(db, r.userId))?.confirmedAt);
  const passkeys = r.removePasskeys ? await countPasskeys(db, r.userId) : 0;
  const event = { type: 'security.factor_reset', stage: 'rejected', totp, passkeys } as const;
  return notifySecurityChanges(db, r.userId, [event], now);
}

/**
 * Approves (applies) or rejects a proposal, once: the proposal's row is locked, then the user's
 * (as a withdrawal locks it, so a withdrawal racing the reset is before it or sees the pause).
 */
export async function decideReset(
  ctx: AppContext,
  adminId: number,
  input: { id: number; approve: boolean; reason: string },
): Promise<{ reset: FactorReset; events: SecurityCentreEvent[]; userId: number }> {
  const now = ctx.now();
  const { row, events } = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [r] = await db.select().from(factorResets).where(eq(factorResets.id, input.id)).for('update');
    if (!r) throw new AppError('record_not_found');
    if (r.state !== 'pending') throw new AppError('reset_decided');
    if (r.expiresAt <= now) throw new AppError('reset_expired');
    if (input.approve && r.proposedBy === adminId) throw new AppError('reset_own_proposal');
    if (input.approve && r.userId === adminId) throw new AppError('own_account');
    await db.select({ id: users.id }).from(users).where(eq(users.id, r.userId)).for('update');
    const told = input.approve ? await applyReset(db, r, now) : await tellRejected(db, r, now);
    const [decided] = await db
      .update(factorResets)
      .set({
        state: input.approve ? 'applied' : 'rejected',
        decidedBy: adminId,
        decidedAt: now,
        decisionReason: input.reason,
      })
      .where(eq(factorResets.id, r.id))
      .returning();
    await audit(tx, {
      adminId,
      action: input.approve ? 'factor_reset.approve' : 'factor_reset.reject',
      entity: 'user',
      entityId: r.userId,
      reason: input.reason,
      before: audited(r, now),
      after: { ...audited(decided!, now), told: told.find((e) => e.type === 'security.factor_reset') ?? null },
      at: now,
    });
    return { row: decided!, events: told };
  });
  return { reset: resetDto(row, await proposerAccount(ctx.db, row.proposedBy), now), events, userId: row.userId };
}
