import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DualType } from '@contract/invest';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A dual invest product (contract/invest.ts). `sold_shares` only grows by a conditional update
 * (`sold_shares + n <= total_shares`, enforced by a CHECK too), so concurrent buys never
 * oversell. Orders copy the terms they were bought at, so an edit never changes an order.
 * `seed_key` names the demo mode's generated products (one per coin, term and day), so seeding
 * is idempotent; products made by an admin have none.
 */
export const dualProducts = pgTable(
  'dual_products',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 8 }).$type<DualType>().notNull(),
    /** The invested coin; the pair `<coin>/USDT` (`pair_id`) settles it. */
    currencyId: integer('currency_id').notNull(),
    pairId: integer('pair_id').notNull(),
    pricePerShare: amount('price_per_share').notNull(),
    /** Annualized rate as a fraction. */
    apr: amount('apr').notNull(),
    linkedPrice: amount('linked_price').notNull(),
    holdingDays: integer('holding_days').notNull(),
    /** Epoch ms. */
    saleEndsAt: bigint('sale_ends_at', { mode: 'number' }).notNull(),
    /** Epoch ms: sale end + holding days. */
    maturityAt: bigint('maturity_at', { mode: 'number' }).notNull(),
    totalShares: integer('total_shares').notNull(),
    soldShares: integer('sold_shares').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    seedKey: varchar('seed_key', { length: 64 }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('dual_products_sold_check', sql`${t.soldShares} >= 0 AND ${t.soldShares} <= ${t.totalShares}`),
    // Products on sale by coin and type, soonest maturity first (the list).
    index('dual_products_sale_idx').on(t.currencyId, t.type, t.saleEndsAt),
  ],
);

export type DualProductRow = typeof dualProducts.$inferSelect;
