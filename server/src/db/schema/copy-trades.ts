import { index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SkipReason } from '@contract/copytrade';
import { follows } from './follow-follows';
import { leverPositions } from './lever-positions';
import { users } from './users';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * One record per (follow, trader position): the copy made (`copied`, `position_id` the follower's
 * futures position), a copy turned into the follower's own position (`self_holding`), or one not
 * made (`skipped`, with `skip_reason`). The unique index makes each copy happen once. Whether a
 * copy is open or closed is its position's status.
 */
export const copyTrades = pgTable(
  'copy_trades',
  {
    id: serial('id').primaryKey(),
    followId: integer('follow_id')
      .notNull()
      .references(() => follows.id, { onDelete: 'restrict' }),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    traderId: integer('trader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    traderPositionId: integer('trader_position_id')
      .notNull()
      .references(() => leverPositions.id, { onDelete: 'restrict' }),
    positionId: integer('position_id').references(() => leverPositions.id, { onDelete: 'restrict' }),
    state: varchar('state', { length: 12 }).$type<'copied' | 'self_holding' | 'skipped'>().notNull(),
    skipReason: varchar('skip_reason', { length: 20 }).$type<SkipReason>(),
    traderLots: integer('trader_lots').notNull(),
    lots: integer('lots').notNull(),
    /** The copy's initial margin (0 when skipped): the follow's amount cap counts it while open. */
    margin: amount('margin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    selfHeldAt: timestamp('self_held_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('copy_trades_once').on(t.followId, t.traderPositionId),
    uniqueIndex('copy_trades_position_unique').on(t.positionId),
    index('copy_trades_trader_position_idx').on(t.traderPositionId),
    index('copy_trades_follower_idx').on(t.followerId, t.id),
  ],
);

export type CopyTradeRow = typeof copyTrades.$inferSelect;
