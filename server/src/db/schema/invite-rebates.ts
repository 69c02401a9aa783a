import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { RebateSource } from '@contract/invite';
import { ledgerTransactions } from './ledger-transactions';
import { users } from './users';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * One rebate paid to a referrer (`user_id`): its generation's share of what one referee paid in
 * fees of one source and currency during the hour starting at `period_start`. Written by the hourly
 * job in the transaction that posts `tx_id` (kind `invite_rebate`); the unique key makes a period's
 * rebate for a referee impossible to pay twice, whatever runs the job.
 *
 * The job's migration also adds two indexes the schema files do not declare (so no other table's
 * file changes): `users_parent_idx` on `users (parent_id)` for the team, and a BRIN index
 * `ledger_transactions_created_brin` on `ledger_transactions (created_at)` for the hour's fees
 * (a BRIN index costs the ledger's inserts almost nothing; spot fills are a throughput goal).
 */
export const inviteRebates = pgTable(
  'invite_rebates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    refereeId: integer('referee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    generation: smallint('generation').notNull(),
    source: varchar('source', { length: 8 }).$type<RebateSource>().notNull(),
    currencyId: integer('currency_id').notNull(),
    /** Fees of demo funds pay demo rebates (the ledger transaction is marked demo too). */
    demo: boolean('demo').notNull(),
    fee: decimal('fee').notNull(),
    rate: decimal('rate').notNull(),
    amount: decimal('amount').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invite_rebates_once').on(
      t.periodStart,
      t.userId,
      t.refereeId,
      t.generation,
      t.source,
      t.currencyId,
      t.demo,
    ),
    // The user's records (newest first) and totals.
    index('invite_rebates_user_idx').on(t.userId, t.id),
  ],
);

export type InviteRebateRow = typeof inviteRebates.$inferSelect;
