import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import type { Tx } from '../ledger/index';
import { createAdmin } from './create';
import { audit } from '../audit/index';

/** How long a request waits before the demo reviewer approves it. */
export const DEMO_REVIEW_DELAY_MS = 60_000;
/** The demo reviewer's account: a support account nobody can sign in to (its password is never shown). */
export const DEMO_REVIEWER_EMAIL = 'demo-reviewer@example.com';
export const DEMO_REVIEWER_NAME = 'Demo reviewer';
/** The reason written on every decision, so the review record says who made it and why. */
export const DEMO_REVIEW_REASON = 'Approved by the demo reviewer (demo mode), 60 s after submission';

/** A review queue a product hands the demo reviewer: what waits, and its own review decision. */
export interface DemoReviewQueue {
  /** The audit entity, e.g. `identity`, `recharge` (the action is `<entity>.approve`). */
  entity: string;
  /** Ids waiting for review that were submitted at or before `before`, oldest first. */
  due(tx: Tx, before: Date): Promise<number[]>;
  /** The product's review decision, the one the console's staff make. */
  decide(
    tx: Tx,
    args: { id: number; approve: boolean; reason: string; adminId: number; now: Date },
  ): Promise<{ before: unknown; after: unknown }>;
}

/** The demo reviewer's user id, creating the support account on the first start. */
export async function demoReviewerId(db: Db, now: Date): Promise<number> {
  const find = async () => (await db.select().from(users).where(eq(users.email, DEMO_REVIEWER_EMAIL)))[0];
  let user = await find();
  if (!user) {
    try {
      await createAdmin(db, DEMO_REVIEWER_EMAIL, now, 'support');
    } catch (err) {
      // A second process creating it at the same moment loses on the unique email and reads the
      // winner's account; any other failure is the caller's to see.
      if (!(await find())) throw err;
    }
    user = await find();
    if (!user) throw new Error('the demo reviewer account could not be created');
    await db.update(users).set({ nickname: DEMO_REVIEWER_NAME }).where(eq(users.id, user.id));
  }
  return user.id;
}

/**
 * Demo mode only (it refuses to start otherwise): a scheduler job that approves each identity
 * and recharge request about a minute after it was submitted, through the products' own review
 * decisions, audited and recorded under the demo reviewer's account with a reason that says so.
 * The scheduler's per-job advisory lock and period record make each pass run once across
 * processes. A request the decision refuses (an identity without its bindings) is left to staff.
 */
export async function startDemoReviewer(ctx: AppContext, queues: DemoReviewQueue[]): Promise<void> {
  if (ctx.config.mode !== 'demo') throw new Error('the demo reviewer runs only in demo mode (APP_MODE=demo)');
  const adminId = await demoReviewerId(ctx.db, ctx.now());
  ctx.scheduler.register({
    name: 'admin.demo_review',
    every: 'minute',
    catchUp: 'latest',
    run: async (tx, period) => {
      const now = period.end;
      for (const queue of queues) {
        for (const id of await queue.due(tx, new Date(period.end.getTime() - DEMO_REVIEW_DELAY_MS))) {
          await approveOne(tx, queue, { id, approve: true, reason: DEMO_REVIEW_REASON, adminId, now });
        }
      }
    },
  });
}

async function approveOne(
  tx: Tx,
  queue: DemoReviewQueue,
  args: { id: number; approve: boolean; reason: string; adminId: number; now: Date },
): Promise<void> {
  try {
    // A savepoint: a refused decision is undone alone, the others of the pass stand.
    await tx.transaction(async (sp) => {
      const result = await queue.decide(sp, args);
      await audit(sp, {
        adminId: args.adminId,
        action: `${queue.entity}.approve`,
        entity: queue.entity,
        entityId: args.id,
        reason: args.reason,
        before: result.before,
        after: result.after,
        at: args.now,
      });
    });
  } catch (err) {
    // A refusal of the rules leaves the request for staff (an identity whose bindings are missing).
    if (!(err instanceof AppError)) throw err;
  }
}
