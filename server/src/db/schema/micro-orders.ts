import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { MarketSource } from '@contract/market';
import type { MicroResult, MicroStatus } from '@contract/seconds';
import { ledgerHolds } from './ledger-holds';
import { users } from './users';

/**
 * A seconds contract (contract/seconds.ts). The stake sits in the `micro_escrow` system account
 * on the user's shard until settlement (`seconds/escrow.ts`); orders accepted before the escrow
 * (migration 0015) hold it in ledger hold `hold_id` on the user's micro account instead. Entry and settlement prices are feed trades with their
 * feed time and source; `end_at` (epoch ms, a whole second) is the expiry, and the settlement
 * price the last recorded trade at or before it. `status` moves from `holding` to `settled` once,
 * by a conditional update in the transaction that posts the settlement (`settle_tx_id`).
 */
export const microOrders = pgTable(
  'micro_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pairId: integer('pair_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** 1 up, 2 down. */
    type: smallint('type').notNull(),
    seconds: integer('seconds').notNull(),
    stake: numeric('stake', { precision: 38, scale: 18 }).notNull(),
    profitRatio: numeric('profit_ratio', { precision: 38, scale: 18 }).notNull(),
    openPrice: numeric('open_price', { precision: 38, scale: 18 }).notNull(),
    openPriceAt: bigint('open_price_at', { mode: 'number' }).notNull(),
    openSource: varchar('open_source', { length: 16 }).$type<MarketSource>().notNull(),
    endAt: bigint('end_at', { mode: 'number' }).notNull(),
    endPrice: numeric('end_price', { precision: 38, scale: 18 }),
    endPriceAt: bigint('end_price_at', { mode: 'number' }),
    endSource: varchar('end_source', { length: 16 }).$type<MarketSource>(),
    status: varchar('status', { length: 8 }).$type<MicroStatus>().notNull(),
    result: varchar('result', { length: 4 }).$type<MicroResult>(),
    payout: numeric('payout', { precision: 38, scale: 18 }),
    profit: numeric('profit', { precision: 38, scale: 18 }),
    holdId: integer('hold_id').references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    /**
     * The settlement transaction. No foreign key, as the ledger's holds name their transactions:
     * the id is taken with the transaction's own in the statement that writes both, ledger
     * transactions are never deleted, and the check cost a lookup per order of a settlement batch
     * (a fifth of its write). The settlement tests join every settled order to its transaction.
     */
    settleTxId: bigint('settle_tx_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    // A user's orders by state, newest first (the lists).
    index('micro_orders_user_idx').on(t.userId, t.status, t.id),
    // Open orders by escrow shard (user id % 16, `seconds/escrow.ts`), then expiry, user by user:
    // a settlement batch takes one shard's due orders (a user's orders of one expiry together, one
    // entry per account).
    index('micro_orders_due_shard_idx')
      .on(sql`(${t.userId} % 16)`, t.endAt, t.userId, t.id)
      .where(sql`${t.status} = 'holding'`),
    // The house's open stake per pair and direction (the cap).
    index('micro_orders_open_idx')
      .on(t.pairId, t.type)
      .where(sql`${t.status} = 'holding'`),
  ],
);

export type MicroOrderRow = typeof microOrders.$inferSelect;
