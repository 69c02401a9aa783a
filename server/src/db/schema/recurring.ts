import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { RecurringPeriod, RecurringStatus, RunStatus, SkipReason } from '@contract/recurring';
import { users } from './users';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A recurring buy plan (contract/recurring.ts): spend `amount` of the quote currency on pair
 * `pair_id` at each scheduled time. `next_run_at` is the next scheduled time (null while paused or
 * deleted); `last_period` the scheduled time of the last run claimed. Claiming a run is one
 * conditional update that moves both (`WHERE next_run_at = <read> AND last_period < <period>`),
 * so two job runs over the same plan claim a period once. Deleted plans keep their rows for the
 * runs that point at them.
 */
export const recurringPlans = pgTable(
  'recurring_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pairId: integer('pair_id').notNull(),
    amount: decimal('amount').notNull(),
    period: varchar('period', { length: 8 }).$type<RecurringPeriod>().notNull(),
    weekday: smallint('weekday'),
    monthDay: smallint('month_day'),
    hour: smallint('hour').notNull(),
    maxSlippage: decimal('max_slippage').notNull(),
    status: varchar('status', { length: 8 }).$type<RecurringStatus | 'deleted'>().notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastPeriod: timestamp('last_period', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('recurring_plans_user_idx').on(t.userId, t.id),
    // What the job walks: active plans by their next run.
    index('recurring_plans_due_idx')
      .on(t.nextRunAt, t.id)
      .where(sql`${t.status} = 'active'`),
  ],
);

export type RecurringPlanRow = typeof recurringPlans.$inferSelect;

/**
 * One run of a plan for one scheduled time (`period_at`), unique per plan and period. Written
 * `pending` with the claim; the buy is placed with an idempotency key of the plan and the period,
 * so a retried run replays the order instead of placing another; then `done` (with what it spent
 * and got) or `skipped` (with why), conditionally on still being `pending`.
 */
export const recurringRuns = pgTable(
  'recurring_runs',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => recurringPlans.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull(),
    periodAt: timestamp('period_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 8 }).$type<RunStatus>().notNull(),
    reason: varchar('reason', { length: 24 }).$type<SkipReason>(),
    orderId: integer('order_id'),
    spent: decimal('spent'),
    got: decimal('got'),
    fee: decimal('fee'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recurring_runs_period_idx').on(t.planId, t.periodAt),
    index('recurring_runs_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type RecurringRunRow = typeof recurringRuns.$inferSelect;
