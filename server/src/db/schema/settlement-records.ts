import { bigint, index, numeric, pgTable, primaryKey, timestamp, varchar, text } from 'drizzle-orm/pg-core';
import type { MarketSource } from '@contract/market';
import type { SettlementKind } from '@contract/domain/settlement-chain';

/**
 * The public settlement record (`server/src/settlement-record/`): one row per outcome the system
 * decided, written in the transaction of that outcome. `body` is the canonical JSON that was hashed
 * (it names `seq` and the previous record's hash), `hash` its SHA-256; `kind`, `pair`, `at` and
 * `ref` repeat fields of the body for the filters and the links from order histories. Rows are
 * never updated or deleted.
 */
export const settlementRecords = pgTable(
  'settlement_records',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 20 }).$type<SettlementKind>().notNull(),
    pair: varchar('pair', { length: 24 }),
    /** When the outcome was decided, epoch ms. */
    at: bigint('at', { mode: 'number' }).notNull(),
    ref: varchar('ref', { length: 64 }).notNull(),
    body: text('body').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [
    index('settlement_records_kind').on(t.kind, t.seq),
    index('settlement_records_pair').on(t.pair, t.seq),
    index('settlement_records_at').on(t.at),
    index('settlement_records_ref').on(t.ref),
  ],
);

/**
 * The things a record settles many of at once (a batch of seconds contracts): one row per record,
 * the leaves' own refs (`seconds:42`, an order history's link) and their bodies, one per line
 * (canonical JSON has no newline), both in the order of the record's `data.leaves`. A leaf is
 * found by its ref through the GIN index. One row of thousands of leaves, not a row per leaf: a
 * settlement batch wrote as much for its record as for its settlement with a row (and an index
 * entry) per order. Written before the record in the same transaction, so they commit together;
 * never updated or deleted.
 */
export const settlementLeafSets = pgTable(
  'settlement_leaf_sets',
  {
    recordRef: varchar('record_ref', { length: 64 }).primaryKey(),
    refs: text('refs').array().notNull(),
    bodies: text('bodies').notNull(),
  },
  (t) => [index('settlement_leaf_sets_refs').using('gin', t.refs)],
);

/** The chain's head as published at the end of each minute (the scheduler's `record.head`). */
export const settlementHeads = pgTable('settlement_heads', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
});

/**
 * The feed ticks settlements were decided from (a seconds contract's entry and settlement trades,
 * the tick that fired a futures trigger or priced a close, a dual investment's price at maturity),
 * kept for good: the price record (`price_seconds`) is pruned after an hour, these are what anyone
 * recomputes a recorded outcome from. Written with the records, in the settlement's transaction;
 * a tick used by several settlements is one row. Never updated or deleted.
 */
export const settlementTicks = pgTable(
  'settlement_ticks',
  {
    pair: varchar('pair', { length: 24 }).notNull(),
    /** The trade's time as the feed stamped it (epoch ms). */
    ts: bigint('ts', { mode: 'number' }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    source: varchar('source', { length: 16 }).$type<MarketSource>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pair, t.ts, t.source, t.price] }), index('settlement_ticks_ts').on(t.ts)],
);

export type SettlementRecordRow = typeof settlementRecords.$inferSelect;
export type SettlementHeadRow = typeof settlementHeads.$inferSelect;
export type SettlementTickRow = typeof settlementTicks.$inferSelect;
