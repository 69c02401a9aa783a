import { integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A trader's statistics as of the end of an hour, computed by the hourly job from the trader's
 * closed futures positions (never typed in). `as_of` is the end of the hour they cover.
 */
export const followTraderStats = pgTable('follow_trader_stats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  totalProfit: amount('total_profit').notNull(),
  closedOrders: integer('closed_orders').notNull(),
  profitableOrders: integer('profitable_orders').notNull(),
  marginUsed: amount('margin_used').notNull(),
  followers: integer('followers').notNull(),
  asOf: timestamp('as_of', { withTimezone: true }).notNull(),
});

export type FollowTraderStatsRow = typeof followTraderStats.$inferSelect;
