import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ApplicationState } from '@contract/copytrade';
import { users } from './users';

/**
 * Applications to become a copy-trading trader (contract/copytrade.ts). An administrator approves
 * (the user gets a `follow_traders` row) or rejects with a reason; every decision is audited.
 * One application waits at a time per user (partial unique index).
 */
export const followApplications = pgTable(
  'follow_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    introduction: text('introduction').notNull().default(''),
    state: varchar('state', { length: 8 }).$type<ApplicationState>().notNull(),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('follow_applications_state_idx').on(t.state, t.id),
    index('follow_applications_user_idx').on(t.userId, t.id),
  ],
);

export type FollowApplicationRow = typeof followApplications.$inferSelect;
