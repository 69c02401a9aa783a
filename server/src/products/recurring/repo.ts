/** Recurring buys' SQL: plans (always scoped to their owner for users) and their runs. */
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recurringPlans, recurringRuns, type RecurringPlanRow, type RecurringRunRow } from '../../db/schema/index';
import { offsetOf, pageWithTotal, type PageRequest } from '../../lib/paging';
import type { Tx } from '../../ledger/index';

export type NewPlan = typeof recurringPlans.$inferInsert;

/** Namespace of the advisory lock that orders one user's plan creations (the plan cap). */
const CREATE_LOCK = 0x52435242;

const visible = (userId: number) => and(eq(recurringPlans.userId, userId), ne(recurringPlans.status, 'deleted'));

/** Serializes the user's creations until the transaction ends, so a burst cannot pass the cap. */
export async function lockUserPlans(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK}, ${userId})`);
}

export async function countPlans(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(recurringPlans).where(visible(userId));
  return Number(row?.n ?? 0);
}

export async function insertPlan(tx: Tx, values: NewPlan): Promise<RecurringPlanRow> {
  const [row] = await tx.insert(recurringPlans).values(values).returning();
  return row!;
}

export async function userPlans(db: Db | Tx, userId: number): Promise<RecurringPlanRow[]> {
  return db.select().from(recurringPlans).where(visible(userId)).orderBy(desc(recurringPlans.id));
}

/** The user's plan; another user's or a deleted one is undefined, like a missing one. */
export async function userPlan(db: Db | Tx, userId: number, id: number): Promise<RecurringPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(recurringPlans)
    .where(and(eq(recurringPlans.id, id), visible(userId)))
    .limit(1);
  return row;
}

export async function userPlanForUpdate(tx: Tx, userId: number, id: number): Promise<RecurringPlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(recurringPlans)
    .where(and(eq(recurringPlans.id, id), visible(userId)))
    .for('update');
  return row;
}

export async function updatePlan(tx: Tx, id: number, values: Partial<NewPlan>): Promise<RecurringPlanRow> {
  const [row] = await tx.update(recurringPlans).set(values).where(eq(recurringPlans.id, id)).returning();
  return row!;
}

/** Active plans whose next run is due by `now`, oldest due first. */
export async function duePlans(tx: Tx, now: Date, max: number): Promise<RecurringPlanRow[]> {
  return tx
    .select()
    .from(recurringPlans)
    .where(and(eq(recurringPlans.status, 'active'), lte(recurringPlans.nextRunAt, now)))
    .orderBy(asc(recurringPlans.nextRunAt), asc(recurringPlans.id))
    .limit(max);
}

/**
 * Claims `period` of a plan: moves `next_run_at` on and records `last_period`, only if the plan is
 * still active, still due as read (`next_run_at` unchanged) and this period is later than the
 * last one claimed. A second claimer of the same period changes nothing: false.
 */
export async function claimPeriod(
  tx: Tx,
  plan: RecurringPlanRow,
  period: Date,
  next: Date,
  now: Date,
): Promise<boolean> {
  const res = await tx
    .update(recurringPlans)
    .set({ nextRunAt: next, lastPeriod: period, updatedAt: now })
    .where(
      and(
        eq(recurringPlans.id, plan.id),
        eq(recurringPlans.status, 'active'),
        eq(recurringPlans.nextRunAt, plan.nextRunAt!),
        or(isNull(recurringPlans.lastPeriod), lt(recurringPlans.lastPeriod, period)),
      ),
    )
    .returning({ id: recurringPlans.id });
  return res.length === 1;
}

/** The pending run of a claimed period; nothing if the period already has one. */
export async function insertRun(tx: Tx, plan: RecurringPlanRow, period: Date, now: Date): Promise<void> {
  await tx
    .insert(recurringRuns)
    .values({ planId: plan.id, userId: plan.userId, periodAt: period, status: 'pending', createdAt: now })
    .onConflictDoNothing();
}

/** Runs still waiting for their buy, with their plans, oldest first. */
export async function pendingRuns(db: Db, max: number) {
  return db
    .select({ run: recurringRuns, plan: recurringPlans })
    .from(recurringRuns)
    .innerJoin(recurringPlans, eq(recurringPlans.id, recurringRuns.planId))
    .where(eq(recurringRuns.status, 'pending'))
    .orderBy(asc(recurringRuns.id))
    .limit(max);
}

/** Records a run's outcome once: only a run still `pending` changes. */
export async function finishRun(
  tx: Tx,
  id: number,
  values: Pick<Partial<RecurringRunRow>, 'status' | 'reason' | 'orderId' | 'spent' | 'got' | 'fee' | 'finishedAt'>,
): Promise<RecurringRunRow | undefined> {
  const [row] = await tx
    .update(recurringRuns)
    .set(values)
    .where(and(eq(recurringRuns.id, id), eq(recurringRuns.status, 'pending')))
    .returning();
  return row;
}

export async function planRuns(db: Db, planId: number, p: PageRequest) {
  const where = eq(recurringRuns.planId, planId);
  return pageWithTotal(
    db
      .select()
      .from(recurringRuns)
      .where(where)
      .orderBy(desc(recurringRuns.periodAt))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(recurringRuns).where(where),
  );
}

export interface PlanTotals {
  planId: number;
  spent: string;
  got: string;
  done: number;
  skipped: number;
}

/** Per plan: what its done runs spent and got, and how many runs were done and skipped. */
export async function planTotals(db: Db | Tx, planIds: number[]): Promise<Map<number, PlanTotals>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({
      planId: recurringRuns.planId,
      spent: sql<string>`coalesce(sum(${recurringRuns.spent}) filter (where ${recurringRuns.status} = 'done'), 0)::text`,
      got: sql<string>`coalesce(sum(${recurringRuns.got}) filter (where ${recurringRuns.status} = 'done'), 0)::text`,
      done: sql<number>`(count(*) filter (where ${recurringRuns.status} = 'done'))::int`,
      skipped: sql<number>`(count(*) filter (where ${recurringRuns.status} = 'skipped'))::int`,
    })
    .from(recurringRuns)
    .where(inArray(recurringRuns.planId, planIds))
    .groupBy(recurringRuns.planId);
  return new Map(rows.map((r) => [r.planId, { ...r, done: Number(r.done), skipped: Number(r.skipped) }]));
}
