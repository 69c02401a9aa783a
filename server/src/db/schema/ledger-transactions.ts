import { bigint, boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { users } from './users';

/** One balanced change of the ledger; its entries sum to zero per currency. Never updated. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** One of LEDGER_KINDS (contract/domain/ledger-kinds.ts). */
    kind: varchar('kind', { length: 32 }).$type<LedgerKind>().notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** The user the transaction was made for (records, audits); null for system-only moves. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Demo funds (or anything bought with them in demo mode) are not real money. */
    demo: boolean('demo').notNull().default(false),
    /** Facts of the business operation (accounts, prices, fee rate) for records and audits. */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_transactions_user_idx').on(t.userId, t.kind, t.id)],
);

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
