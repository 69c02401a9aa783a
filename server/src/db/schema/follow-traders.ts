import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Approved traders: written when an administrator approves an application. */
export const followTraders = pgTable('follow_traders', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  introduction: text('introduction').notNull().default(''),
  /** A demo deployment's trader account (labelled demo in the list). */
  demo: boolean('demo').notNull().default(false),
  approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
});

export type FollowTraderRow = typeof followTraders.$inferSelect;
