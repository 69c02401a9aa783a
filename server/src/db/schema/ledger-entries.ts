import { bigint, index, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './ledger-accounts';
import { ledgerTransactions } from './ledger-transactions';

/**
 * A signed amount on one bucket (available or held) of one account. A hold is two entries on
 * the same account (available -x, held +x), so holds balance like any other transaction.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    currencyId: integer('currency_id').notNull(),
    bucket: varchar('bucket', { length: 9 }).$type<'available' | 'held'>().notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    /** The bucket's balance right after this entry, for statements without re-summing. */
    balanceAfter: numeric('balance_after', { precision: 38, scale: 18 }).notNull(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.id), index('ledger_entries_tx_idx').on(t.txId)],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
