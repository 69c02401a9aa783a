import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/admin';
import { ACCOUNT_EVENT, accountEvent, type AccountChangeKind } from '@contract/user-events';
import { inTransaction, type Tx } from '../ledger/index';
import { bindEndpoint, signedIn, type HandlerContext } from '../plugins/contract';
import { paged } from '../lib/paging';
import { decideRecharge, toRechargeDto } from '../products/fund/recharge';
import { rechargeQueue, withdrawalQueue } from '../products/fund/repo';
import { decideWithdrawal, toWithdrawalDto } from '../products/fund/withdraw';
import { decideIdentity, identityQueue, toSubmissionDto } from '../products/identity/service';
import { accountNumberOf, audit, auditPage } from './repo';
import { adminUploadRoute } from './uploads';
import { accountChanged } from '../auth/sessions';
import { freezeUser, searchUsers, setRole, systemBalances, toUserSummary, unfreezeUser, userDetail } from './users';

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
    const filter = { entity: input.entity, entityId: input.entity_id };
    const { rows, total } = await auditPage(h.ctx.db, filter, input.page, input.limit);
    const data = rows.map(({ a, account, nickname }) => ({
      id: a.id,
      admin_id: a.adminId,
      admin_account: account ?? '',
      admin_nickname: nickname ?? '',
      action: a.action,
      entity: a.entity,
      entity_id: a.entityId,
      reason: a.reason,
      before: a.before,
      after: a.after,
      created_at: a.createdAt.toISOString(),
    }));
    return paged(data, total, input);
  });

  bindEndpoint(app, contract.me, (_input, h) => {
    const { user } = signedIn(h);
    return {
      id: user.id,
      account_number: user.accountNumber,
      nickname: user.nickname,
      email: user.email,
      role: user.role,
    };
  });

  bindEndpoint(app, contract.listUsers, async (input, h) => {
    const { rows, total } = await searchUsers(h.ctx.db, input.q, input.frozen === 'frozen', input.page, input.limit);
    return paged(rows.map(toUserSummary), total, input);
  });

  bindEndpoint(app, contract.userDetail, (input, h) => userDetail(h.ctx.db, input.id));

  const change = (h: HandlerContext, input: { id: number; reason: string }) => ({
    adminId: signedIn(h).user.id,
    userId: input.id,
    reason: input.reason,
  });

  bindEndpoint(app, contract.freezeUser, async (input, h) => toUserSummary(await freezeUser(h.ctx, change(h, input))));

  bindEndpoint(app, contract.unfreezeUser, async (input, h) =>
    toUserSummary(await unfreezeUser(h.ctx, change(h, input))),
  );

  bindEndpoint(app, contract.setUserRole, async (input, h) =>
    toUserSummary(await setRole(h.ctx, { ...change(h, input), role: input.role })),
  );

  bindEndpoint(app, contract.systemBalances, (_input, h) => systemBalances(h.ctx.db));
}
