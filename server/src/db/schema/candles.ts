import { bigint, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Candles aggregated from the feed's trades, one row per pair, period and start time (epoch ms).
 * Prices and volumes are numeric: read back as exact decimal strings.
 */
export const candles = pgTable(
  'candles',
  {
    pairId: integer('pair_id').notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: numeric('open', { precision: 30, scale: 10 }).notNull(),
    high: numeric('high', { precision: 30, scale: 10 }).notNull(),
    low: numeric('low', { precision: 30, scale: 10 }).notNull(),
    close: numeric('close', { precision: 30, scale: 10 }).notNull(),
    volume: numeric('volume', { precision: 38, scale: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.period, t.time] })],
);

export type CandleRow = typeof candles.$inferSelect;
