import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/admin';
import { announce, reviewed } from '../../admin/review';
import { accountChanged } from '../../sessions/sessions';
import { paged } from '../../lib/paging';
import { bindEndpoint } from '../../plugins/contract';
import { decideIdentity, identityQueue, toSubmissionDto } from './service';

/** The console's identity queue and its review decisions. */
export function identityAdminRoutes(app: FastifyInstance): void {
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
}
