import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/admin';
import { ACCOUNT_EVENT, accountEvent, type AccountChangeKind } from '@contract/user-events';
import { inTransaction, type Tx } from '../../ledger/index';
import { bindEndpoint, signedIn, type HandlerContext } from '../../plugins/contract';
import { paged } from '../../lib/paging';
import { decideRecharge, toRechargeDto } from '../fund/recharge';
import { rechargeQueue, withdrawalQueue } from '../fund/repo';
import { decideWithdrawal, toWithdrawalDto } from '../fund/withdraw';
import { decideIdentity, identityQueue, toSubmissionDto } from '../identity/service';
import { accountNumberOf, audit, auditPage } from './repo';
import { adminUploadRoute } from './uploads';
import { accountChanged } from '../auth/sessions';

type Review = { id: number; action: 'approve' | 'reject'; reason: string };

/**
 * Runs one review decision and its audit row in a single transaction, so a decision never
 * exists without its record of who made it, when, and what changed.
 */
async function reviewed<T>(
  h: HandlerContext,
  entity: string,
  input: Review,
  decide: (
    tx: Tx,
    args: { id: number; approve: boolean; reason: string; adminId: number; now: Date },
  ) => Promise<{ before: unknown; after: unknown } & T>,
): Promise<T & { before: unknown; after: unknown }> {
  const admin = signedIn(h).user;
  const now = h.ctx.now();
  return inTransaction(h.ctx.db, async (tx) => {
    const result = await decide(tx, {
      id: input.id,
      approve: input.action === 'approve',
      reason: input.reason,
      adminId: admin.id,
      now,
    });
    await audit(tx, {
      adminId: admin.id,
      action: `${entity}.${input.action}`,
      entity,
      entityId: input.id,
      reason: input.reason,
      before: result.before,
      after: result.after,
      at: now,
    });
    return result;
  });
}

/**
 * Tells the user's open screens that a decision was made, once it is committed: an event sent
 * inside the transaction could arrive before the row it announces is readable.
 */
function announce(app: FastifyInstance, userId: number, kind: AccountChangeKind): void {
  app.realtime.emitToUser(userId, ACCOUNT_EVENT, accountEvent.parse({ type: ACCOUNT_EVENT, kind }));
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await adminUploadRoute(app);

  bindEndpoint(app, contract.listRecharges, async (input, h) => {
    const { rows, total } = await rechargeQueue(h.ctx.db, input.status, input.page, input.limit);
    const data = rows.map(({ r, accountNumber }) => ({
      ...toRechargeDto(r),
      user_id: r.userId,
      account_number: accountNumber,
    }));
    return paged(data, total, input);
  });

  bindEndpoint(app, contract.reviewRecharge, async (input, h) => {
    const { after } = await reviewed(h, 'recharge', input, decideRecharge);
    announce(app, after.userId, 'recharge');
    return {
      ...toRechargeDto(after),
      user_id: after.userId,
      account_number: await accountNumberOf(h.ctx.db, after.userId),
    };
  });

  bindEndpoint(app, contract.listWithdrawals, async (input, h) => {
    const { rows, total } = await withdrawalQueue(h.ctx.db, input.status, input.page, input.limit);
    const data = rows.map(({ w, accountNumber }) => ({
      ...toWithdrawalDto(w, h.lang),
      user_id: w.userId,
      account_number: accountNumber,
    }));
    return paged(data, total, input);
  });

  bindEndpoint(app, contract.reviewWithdrawal, async (input, h) => {
    const { after } = await reviewed(h, 'withdrawal', input, decideWithdrawal);
    announce(app, after.userId, 'withdrawal');
    return {
      ...toWithdrawalDto(after, h.lang),
      user_id: after.userId,
      account_number: await accountNumberOf(h.ctx.db, after.userId),
    };
  });

  bindEndpoint(app, contract.listIdentity, async (input, h) => {
    const { rows, total } = await identityQueue(h.ctx.db, input.status, input.page, input.limit);
    return paged(rows, total, input);
  });

  bindEndpoint(app, contract.reviewIdentity, async (input, h) => {
    const { after, accountNumber } = await reviewed(h, 'identity', input, decideIdentity);
    accountChanged(h.ctx, after.submission.userId);
    announce(app, after.submission.userId, 'identity');
    return toSubmissionDto(after.submission, accountNumber);
  });

  bindEndpoint(app, contract.auditLog, async (input, h) => {
    const { rows, total } = await auditPage(h.ctx.db, input.page, input.limit);
    const data = rows.map((r) => ({
      id: r.id,
      admin_id: r.adminId,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      reason: r.reason,
      before: r.before,
      after: r.after,
      created_at: r.createdAt.toISOString(),
    }));
    return paged(data, total, input);
  });
}
