import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/admin';
import { bindEndpoint, signedIn, type HandlerContext } from '../plugins/contract';
import { paged } from '../lib/paging';
import { auditPage } from './repo';
import { adminUploadRoute } from './uploads';
import { freezeUser, searchUsers, setRole, systemBalances, toUserSummary, unfreezeUser, userDetail } from './users';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await adminUploadRoute(app);

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
