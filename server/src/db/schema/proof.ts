import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Reserves } from '@contract/proof';

/**
 * Proof-of-liabilities snapshots (server/src/products/proof): the published root and totals of
 * each Merkle-sum tree. Written once, never updated. `day` is set for the daily snapshot only, so
 * a UTC day has at most one.
 */
export const proofSnapshots = pgTable(
  'proof_snapshots',
  {
    id: serial('id').primaryKey(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    trigger: varchar('trigger', { length: 8 }).$type<'daily' | 'staff'>().notNull(),
    day: integer('day'),
    staffId: integer('staff_id'),
    rootHash: varchar('root_hash', { length: 64 }).notNull(),
    scale: smallint('scale').notNull(),
    /** Currency ids and names of the tree's balance vector, in its order. */
    currencyIds: jsonb('currency_ids').$type<number[]>().notNull(),
    currencies: jsonb('currencies').$type<string[]>().notNull(),
    /** Root sums per currency, minor units as decimal digits. */
    totals: jsonb('totals').$type<string[]>().notNull(),
    leafCount: integer('leaf_count').notNull(),
    userCount: integer('user_count').notNull(),
    reserves: jsonb('reserves').$type<Reserves>().notNull(),
    /** The settlement record's head when the snapshot was taken (null: no record yet). */
    recordSeq: bigint('record_seq', { mode: 'number' }),
    recordHash: varchar('record_hash', { length: 64 }),
  },
  (t) => [uniqueIndex('proof_snapshots_day').on(t.day)],
);

/**
 * The leaves of a snapshot, enough to rebuild its tree and hand each user the paths of their own
 * leaves. `user_id` never leaves the server; the tree holds only `user_hash`.
 */
export const proofLeaves = pgTable(
  'proof_leaves',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => proofSnapshots.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    userId: integer('user_id').notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    userHash: varchar('user_hash', { length: 64 }).notNull(),
    balances: jsonb('balances').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.idx] }), index('proof_leaves_user').on(t.snapshotId, t.userId)],
);

export type ProofSnapshotRow = typeof proofSnapshots.$inferSelect;
export type ProofLeafRow = typeof proofLeaves.$inferSelect;
