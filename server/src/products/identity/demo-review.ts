import { and, asc, eq, lte } from 'drizzle-orm';
import type { DemoReviewQueue } from '../../admin/demo-reviewer';
import { identitySubmissions } from '../../db/schema/index';
import { decideIdentity } from './service';

/** Identity submissions for the demo reviewer (demo mode): those waiting, oldest first. */
export const identityDemoQueue: DemoReviewQueue = {
  entity: 'identity',
  due: async (tx, before) =>
    (
      await tx
        .select({ id: identitySubmissions.id })
        .from(identitySubmissions)
        .where(and(eq(identitySubmissions.state, 'review'), lte(identitySubmissions.createdAt, before)))
        .orderBy(asc(identitySubmissions.id))
    ).map((r) => r.id),
  decide: decideIdentity,
};
