import { pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per job and period it has run for (`server/src/scheduler/`), written in the same
 * transaction as the job's work: the primary key makes a period run exactly once, also across
 * restarts and processes. Old rows of frequent jobs are pruned; the latest of each job stays.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: varchar('job', { length: 64 }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] })],
);

export type ScheduledRunRow = typeof scheduledRuns.$inferSelect;
