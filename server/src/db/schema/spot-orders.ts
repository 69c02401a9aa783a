import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { CancelReason, OrderSide, OrderStatus, OrderType } from '@contract/trade';
import { ledgerHolds } from './ledger-holds';
import { users } from './users';

/**
 * A spot or stock order. Ids are given by the trading core (the single writer), in arrival order,
 * so sorting resting orders by id restores time priority. Amounts are decimals of the pair's
 * currencies (price in the quote, qty in the base, budget of a market buy in the quote). `hold_id`
 * is the ledger hold its funds sit in until filled or released. `seq` is the pair's sequence
 * number of the last book event that changed the order (the book continues from the highest).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** Null for the house market maker. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    pairId: integer('pair_id').notNull(),
    side: varchar('side', { length: 4 }).$type<OrderSide>().notNull(),
    type: varchar('type', { length: 6 }).$type<OrderType>().notNull(),
    price: numeric('price', { precision: 38, scale: 18 }),
    qty: numeric('qty', { precision: 38, scale: 18 }),
    budget: numeric('budget', { precision: 38, scale: 18 }),
    ioc: boolean('ioc').notNull().default(false),
    postOnly: boolean('post_only').notNull().default(false),
    filledQty: numeric('filled_qty', { precision: 38, scale: 18 }).notNull().default('0'),
    filledValue: numeric('filled_value', { precision: 38, scale: 18 }).notNull().default('0'),
    fee: numeric('fee', { precision: 38, scale: 18 }).notNull().default('0'),
    status: varchar('status', { length: 9 }).$type<OrderStatus>().notNull(),
    cancelReason: varchar('cancel_reason', { length: 16 }).$type<CancelReason>(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A user's orders by state, newest first (the entrust list).
    index('spot_orders_user_idx').on(t.userId, t.status, t.id),
    // The resting orders of a pair in time priority (the book at start).
    index('spot_orders_resting_idx')
      .on(t.pairId, t.id)
      .where(sql`${t.status} IN ('open', 'partial')`),
    // The last sequence number of each pair's book, read at start.
    index('spot_orders_seq_idx').on(t.pairId, t.seq),
  ],
);

export type SpotOrderRow = typeof spotOrders.$inferSelect;
