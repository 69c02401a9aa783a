import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Wrong-password counts per account (`user:<id>`), or per the name tried when no account has it,
 * so an unknown account locks exactly like a real one. A try is taken atomically before the
 * password is compared, so a burst of parallel guesses cannot exceed the allowance.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: varchar('key', { length: 300 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export type LoginThrottleRow = typeof loginThrottles.$inferSelect;
