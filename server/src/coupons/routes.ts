import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/coupon';
import { inTransaction } from '../ledger/index';
import { paged } from '../lib/paging';
import { bindEndpoint, signedIn } from '../plugins/contract';
import { seedDemoCoupons } from './demo';
import * as repo from './repo';
import { adminView, claim, offerView, saveCoupon, userCouponView } from './service';

export interface CouponOptions {
  /** Demo mode's seeded offers (`demo.ts`); never in production. */
  seedDemo?: boolean;
}

export async function couponRoutes(app: FastifyInstance, options: CouponOptions = {}): Promise<void> {
  const { ctx } = app;
  const nowMs = () => ctx.now().getTime();
  if (options.seedDemo && ctx.config.mode === 'demo') await seedDemoCoupons(ctx.db, ctx.now());

  bindEndpoint(app, contract.couponCenter, async (_input, h) => {
    const userId = signedIn(h).user.id;
    const rows = await repo.offers(h.ctx.db, nowMs());
    const mine = await repo.claimCounts(
      h.ctx.db,
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => offerView(r, mine.get(r.id) ?? 0));
  });

  bindEndpoint(app, contract.couponClaim, async (input, h) => {
    const userId = signedIn(h).user.id;
    const now = ctx.now();
    const row = await inTransaction(h.ctx.db, (tx) => claim(tx, userId, input.id, now));
    return userCouponView(row, now.getTime());
  });

  bindEndpoint(app, contract.couponMine, async (input, h) => {
    const now = nowMs();
    const { rows, total } = await repo.userCouponPage(h.ctx.db, signedIn(h).user.id, input.status, now, input);
    return paged(
      rows.map((r) => userCouponView(r, now)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.adminCouponList, async (input, h) => {
    const { rows, total } = await repo.couponPage(h.ctx.db, input);
    const used = await repo.usedCounts(
      h.ctx.db,
      rows.map((r) => r.id),
    );
    return paged(
      rows.map((r) => adminView(r, used.get(r.id) ?? 0)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.adminCouponSave, async (input, h) => {
    const adminId = signedIn(h).user.id;
    const now = ctx.now();
    const row = await inTransaction(h.ctx.db, (tx) => saveCoupon(tx, input, adminId, now));
    const used = await repo.usedCounts(h.ctx.db, [row.id]);
    return adminView(row, used.get(row.id) ?? 0);
  });
}
