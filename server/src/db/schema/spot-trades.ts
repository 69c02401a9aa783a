import { bigint, index, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { OrderSide } from '@contract/trade';
import { users } from './users';

/**
 * One match of the book: the arriving (taker) order against a resting (maker) one, at the maker's
 * price. `tx_id` is the ledger transaction that settled both sides. Owners are null for the house
 * market maker. Ids are given by the trading core in match order.
 */
export const spotTrades = pgTable(
  'spot_trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    pairId: integer('pair_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
    takerUserId: integer('taker_user_id').references(() => users.id, { onDelete: 'restrict' }),
    makerUserId: integer('maker_user_id').references(() => users.id, { onDelete: 'restrict' }),
    takerSide: varchar('taker_side', { length: 4 }).$type<OrderSide>().notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    qty: numeric('qty', { precision: 38, scale: 18 }).notNull(),
    value: numeric('value', { precision: 38, scale: 18 }).notNull(),
    /** Fee of each side, in the currency that side received (base for the buyer, quote for the seller). */
    takerFee: numeric('taker_fee', { precision: 38, scale: 18 }).notNull(),
    makerFee: numeric('maker_fee', { precision: 38, scale: 18 }).notNull(),
    txId: bigint('tx_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('spot_trades_pair_idx').on(t.pairId, t.id),
    index('spot_trades_taker_idx').on(t.takerOrderId),
    index('spot_trades_maker_idx').on(t.makerOrderId),
  ],
);

export type SpotTradeRow = typeof spotTrades.$inferSelect;
