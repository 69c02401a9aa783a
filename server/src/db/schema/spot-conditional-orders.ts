import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ConditionalKind, ConditionalStatus } from '@contract/conditional';
import type { OrderSide } from '@contract/trade';
import { ledgerHolds } from './ledger-holds';
import { users } from './users';

/**
 * A spot order that waits for a price (stop-limit, stop-market, trailing stop, OCO). Its funds are held
 * from placement (`hold_id`); when a trade of the pair reaches `trigger_price` (from below when
 * `above`, else from above) the trading core turns it into the spot order `order_id` in the same
 * batch as that trade (`trigger_trade_id`, `triggered_at`), which takes over the hold. Ids are given
 * by the core in arrival order. A trailing stop's `trigger_price` follows `best_price`, the best
 * trade price since placement, at `trail_distance` or `trail_percent`. An OCO also rests a limit
 * order at `limit_price` (`limit_order_id`) that shares its hold: the stop leg's order takes the
 * hold over when it fires, and `order_id` is the limit order itself when that traded first.
 */
export const spotConditionalOrders = pgTable(
  'spot_conditional_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pairId: integer('pair_id').notNull(),
    kind: varchar('kind', { length: 13 }).$type<ConditionalKind>().notNull(),
    side: varchar('side', { length: 4 }).$type<OrderSide>().notNull(),
    triggerPrice: numeric('trigger_price', { precision: 38, scale: 18 }).notNull(),
    above: boolean('above').notNull(),
    /** The limit price of the order it becomes; null for a market order. */
    price: numeric('price', { precision: 38, scale: 18 }),
    qty: numeric('qty', { precision: 38, scale: 18 }),
    /** What a market buy may spend, in the quote currency. */
    budget: numeric('budget', { precision: 38, scale: 18 }),
    trailDistance: numeric('trail_distance', { precision: 38, scale: 18 }),
    trailPercent: numeric('trail_percent', { precision: 38, scale: 18 }),
    bestPrice: numeric('best_price', { precision: 38, scale: 18 }),
    /** An OCO's limit leg: its price and the spot order resting there. */
    limitPrice: numeric('limit_price', { precision: 38, scale: 18 }),
    limitOrderId: bigint('limit_order_id', { mode: 'number' }),
    status: varchar('status', { length: 9 }).$type<ConditionalStatus>().notNull(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    orderId: bigint('order_id', { mode: 'number' }),
    triggerTradeId: bigint('trigger_trade_id', { mode: 'number' }),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A user's conditional orders by state, newest first.
    index('spot_conditional_user_idx').on(t.userId, t.status, t.id),
    // The waiting ones of a pair, read into the trigger index at start.
    index('spot_conditional_waiting_idx')
      .on(t.pairId, t.id)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

export type SpotConditionalOrderRow = typeof spotConditionalOrders.$inferSelect;
