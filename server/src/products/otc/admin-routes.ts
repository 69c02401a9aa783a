import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/otc';
import type { OtcOrder } from '@contract/otc';
import { saveAudited } from '../../admin/live-terms';
import { reviewed } from '../../admin/review';
import { audit } from '../../audit/index';
import type { OtcOrderRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { inTransaction, toWire } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { decideAppeal } from './appeals';
import { appealOrders, applicationForUpdate, applicationsByState, decideApplication, messagesOf } from './repo';
import { applicationView, messageView } from './service';
import { otcTerms } from './terms';

/** The console's OTC sections: merchant applications, appeals and the live settings. */
export async function otcAdminRoutes(
  app: FastifyInstance,
  opts: { orderReply: (o: OtcOrderRow, viewerId: number | null) => Promise<OtcOrder> },
): Promise<void> {
  const { db } = app.ctx;

  bindEndpoint(app, contract.adminOtcApplications, async (input) => {
    const { rows, total } = await applicationsByState(db, input.status, input);
    return paged(
      rows.map((r) => ({ ...applicationView(r.application), nickname: r.nickname, level: r.level })),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.adminOtcReview, async (input, h) => {
    const { after } = await reviewed(h, 'otc_merchant', input, async (tx, a) => {
      const before = await applicationForUpdate(tx, a.id);
      if (!before) throw new AppError('record_not_found', { field: 'id' });
      const decided = await decideApplication(tx, a.id, {
        state: a.approve ? 'approved' : 'rejected',
        reason: a.reason,
        reviewerId: a.adminId,
        reviewedAt: a.now,
      });
      if (!decided) throw new AppError('already_reviewed');
      return { before, after: decided };
    });
    return applicationView(after as Parameters<typeof applicationView>[0]);
  });

  bindEndpoint(app, contract.adminOtcAppeals, async (input) => {
    const { rows, total } = await appealOrders(db, input.decided === '1', input);
    const messages = await messagesOf(
      db,
      rows.map((o) => o.id),
    );
    const views = await Promise.all(
      rows.map(async (o) => ({
        ...(await opts.orderReply(o, null)),
        messages: messages.filter((m) => m.orderId === o.id).map(messageView),
        value_usdt: toWire(o.valueUsdt),
      })),
    );
    return paged(views, total, input);
  });

  bindEndpoint(app, contract.adminOtcDecide, async (input, h) => {
    const adminId = signedIn(h).user.id;
    const now = h.ctx.now();
    const result = await inTransaction(db, async (tx) => {
      const r = await decideAppeal(tx, { id: input.id, adminId, decision: input.decision, now });
      await audit(tx, {
        adminId,
        action: r.applied ? `otc_appeal.${input.decision}` : `otc_appeal.propose_${input.decision}`,
        entity: 'otc_order',
        entityId: input.id,
        reason: input.reason,
        before: r.before,
        after: r.after,
        at: now,
      });
      return r;
    });
    return opts.orderReply(result.after, null);
  });

  const settingsView = () => ({
    level2_limit: otcTerms.get().level2Limit,
    second_review_above: otcTerms.get().secondReviewAbove,
  });

  bindEndpoint(app, contract.adminOtcSettings, () => settingsView());

  bindEndpoint(app, contract.adminOtcSettingsSave, async (input, h) => {
    await saveAudited(h.ctx, signedIn(h).user.id, otcTerms, 'otc_settings.save', () => ({
      level2Limit: toWire(input.level2_limit),
      secondReviewAbove: toWire(input.second_review_above),
    }));
    return settingsView();
  });
}
