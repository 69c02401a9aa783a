import { integer, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { lockProducts } from './lock-products';

/**
 * The published daily rate of a product: one row per product and UTC day (`day` = days since
 * 1970-01-01), written the day before it applies by the daily job and never updated (inserts are
 * `ON CONFLICT DO NOTHING`), so a rate can never be chosen after the fact.
 */
export const lockRates = pgTable(
  'lock_rates',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => lockProducts.id, { onDelete: 'restrict' }),
    day: integer('day').notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

export type LockRateRow = typeof lockRates.$inferSelect;
