import { and, asc, eq, lte } from 'drizzle-orm';
import type { DemoReviewQueue } from '../../admin/demo-reviewer';
import { recharges } from '../../db/schema/index';
import { decideRecharge } from './recharge';

/** Recharges for the demo reviewer (demo mode): those waiting, oldest first. */
export const rechargeDemoQueue: DemoReviewQueue = {
  entity: 'recharge',
  due: async (tx, before) =>
    (
      await tx
        .select({ id: recharges.id })
        .from(recharges)
        .where(and(eq(recharges.status, 'review'), lte(recharges.createdAt, before)))
        .orderBy(asc(recharges.id))
    ).map((r) => r.id),
  decide: decideRecharge,
};
