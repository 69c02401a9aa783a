import { bigint, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import type { MarketSource } from '@contract/market';

/**
 * The price record: the market feed's last trade of each pair in each second, written once a
 * second and kept for days (`server/src/market/price-history.ts`), so a price "at time T" can be
 * read back after the fact — by seconds-contract settlement, also after a restart, and later by
 * dual investment. Row `second` holds the last trade with `second - 1000 < ts <= second` (epoch ms,
 * a whole second), so the last trade at or before a whole second T is the row with the highest
 * `second <= T`. Nothing but the feed writes it.
 */
export const priceSeconds = pgTable(
  'price_seconds',
  {
    pairId: integer('pair_id').notNull(),
    second: bigint('second', { mode: 'number' }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    /** The trade's time as the feed stamped it (epoch ms). */
    ts: bigint('ts', { mode: 'number' }).notNull(),
    source: varchar('source', { length: 16 }).$type<MarketSource>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.second] })],
);

export type PriceSecondRow = typeof priceSeconds.$inferSelect;
