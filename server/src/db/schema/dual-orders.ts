import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { DualType } from '@contract/invest';
import type { MarketSource } from '@contract/market';
import { dualProducts } from './dual-products';
import { ledgerHolds } from './ledger-holds';
import { users } from './users';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Stored states; `settling` is shown for a `purchased` order past its maturity. */
export type DualOrderStatus = 'purchased' | 'completed' | 'failed';

/**
 * A dual invest order (contract/invest.ts) with the product's terms at purchase. The invested coin
 * sits in ledger hold `hold_id` on the user's exchange account until the settlement sweep moves
 * `status` from `purchased` once (a conditional update in the transaction that posts the payout),
 * storing the recorded feed price at maturity with its time and source, or `failed` (no price
 * recorded near maturity: the hold released).
 */
export const dualOrders = pgTable(
  'dual_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => dualProducts.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 8 }).$type<DualType>().notNull(),
    currencyId: integer('currency_id').notNull(),
    pairId: integer('pair_id').notNull(),
    shares: integer('shares').notNull(),
    pricePerShare: amount('price_per_share').notNull(),
    amount: amount('amount').notNull(),
    apr: amount('apr').notNull(),
    linkedPrice: amount('linked_price').notNull(),
    holdingDays: integer('holding_days').notNull(),
    maturityAt: bigint('maturity_at', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).$type<DualOrderStatus>().notNull(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    settlePrice: amount('settle_price'),
    settlePriceAt: bigint('settle_price_at', { mode: 'number' }),
    settleSource: varchar('settle_source', { length: 16 }).$type<MarketSource>(),
    payout: amount('payout'),
    payoutCurrencyId: integer('payout_currency_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    // A user's orders, newest first (the list).
    index('dual_orders_user_idx').on(t.userId, t.id),
    // Unsettled orders by maturity: what the sweep takes.
    index('dual_orders_due_idx')
      .on(t.maturityAt, t.id)
      .where(sql`${t.status} = 'purchased'`),
  ],
);

export type DualOrderRow = typeof dualOrders.$inferSelect;
