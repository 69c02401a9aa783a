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

/** The chain's head as published at the end of each minute (the scheduler's `record.head`). */
export const settlementHeads = pgTable('settlement_heads', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
});

export type SettlementRecordRow = typeof settlementRecords.$inferSelect;
export type SettlementHeadRow = typeof settlementHeads.$inferSelect;
