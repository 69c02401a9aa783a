import { bigint, index, integer, jsonb, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A withdrawal: `amount` (fee included) is held in the ledger (`holdId`) from the request until
 * review posts it to external withdrawals or releases it. `btcValue` is the amount in BTC at the
 * time of the request, the figure the rolling 24-hour limit adds up. `payee` is a copy of the
 * address or card at the time, so later edits of a binding do not rewrite history.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: varchar('currency', { length: 8 }).notNull(),
    method: varchar('method', { length: 16 }).$type<'address' | 'bank' | 'international'>().notNull(),
    network: varchar('network', { length: 8 }),
    destination: text('destination').notNull(),
    payee: jsonb('payee').$type<Record<string, string>>().notNull(),
    account: varchar('account', { length: 8 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 18 }).notNull(),
    btcValue: numeric('btc_value', { precision: 38, scale: 18 }).notNull(),
    status: varchar('status', { length: 10 }).$type<'review' | 'approved' | 'rejected'>().notNull().default('review'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    holdId: integer('hold_id').notNull(),
    txId: bigint('tx_id', { mode: 'number' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('withdrawals_user_idx').on(t.userId, t.createdAt), index('withdrawals_status_idx').on(t.status, t.id)],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;
