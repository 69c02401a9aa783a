import { bigint, index, pgTable, timestamp, varchar, text } from 'drizzle-orm/pg-core';
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

export type SettlementRecordRow = typeof settlementRecords.$inferSelect;
export type SettlementHeadRow = typeof settlementHeads.$inferSelect;
