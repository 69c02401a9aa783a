import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/admin';
import { accountNumberOf } from '../../admin/repo';
import { announce, reviewed } from '../../admin/review';
import { paged } from '../../lib/paging';
import { bindEndpoint } from '../../plugins/contract';
import { decideRecharge, toRechargeDto } from './recharge';
import { rechargeQueue, withdrawalQueue } from './repo';
import { decideWithdrawal, toWithdrawalDto } from './withdraw';

/** The console's recharge and withdrawal queues and their review decisions. */
export function fundAdminRoutes(app: FastifyInstance): void {
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
    const data = rows.map(({ w, accountNumber, ownerFrozen }) => ({
      ...toWithdrawalDto(w, h.lang),
      user_id: w.userId,
      account_number: accountNumber,
      owner_frozen: ownerFrozen,
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
}
