import { bigint, index, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './ledger-accounts';

/**
 * Funds set aside for a pending withdrawal or order until they are released or posted. An order's
 * hold is consumed piece by piece as it fills: `remaining` is what is still held (the account's
 * held balance equals the sum of `remaining` of its open holds); 0 once closed.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    remaining: numeric('remaining', { precision: 38, scale: 18 }).notNull().default('0'),
    status: varchar('status', { length: 8 }).$type<'held' | 'released' | 'posted'>().notNull().default('held'),
    holdTxId: bigint('hold_tx_id', { mode: 'number' }).notNull(),
    /** The release or posting transaction. */
    closeTxId: bigint('close_tx_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('ledger_holds_account_idx').on(t.accountId, t.status)],
);

export type LedgerHoldRow = typeof ledgerHolds.$inferSelect;
