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
import type { FollowState } from '@contract/copytrade';
import { users } from './users';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A follower's follow of a trader (contract/copytrade.ts): fixed multiple (`type` 1, `number` the
 * ratio, two decimals) or fixed lots (`type` 2), an optional cap of the margin in open copies.
 * One active follow per (follower, trader): an edit changes its settings in place.
 */
export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    traderId: integer('trader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: smallint('type').$type<1 | 2>().notNull(),
    number: amount('number').notNull(),
    maxAmount: amount('max_amount'),
    state: varchar('state', { length: 9 }).$type<FollowState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('follows_active_unique')
      .on(t.followerId, t.traderId)
      .where(sql`${t.state} = 'following'`),
    // The trader's active follows (the copy fan-out, follower counts).
    index('follows_trader_idx')
      .on(t.traderId, t.id)
      .where(sql`${t.state} = 'following'`),
    index('follows_follower_idx').on(t.followerId, t.state, t.id),
  ],
);

export type FollowRow = typeof follows.$inferSelect;
