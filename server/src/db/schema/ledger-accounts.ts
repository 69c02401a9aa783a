import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One balance of the ledger: a user's account of one type (1 legal, 2 change, 3 lever, 4 micro)
 * in one currency, or a system account (type 0) such as `house` or `fees`. `owner` ("u:<id>" or
 * "s:<name>") is the single unique key rows are created and locked by. The balances are a cache
 * of the sum of the entries, kept in the same transaction; the invariant check compares both.
 * System accounts every user touches (house, fees, insurance) are split into `shard`s, so
 * concurrent postings of different users lock different rows; user accounts are shard 0.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    owner: varchar('owner', { length: 40 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    currencyId: integer('currency_id').notNull(),
    type: smallint('type').notNull(),
    shard: smallint('shard').notNull().default(0),
    available: numeric('available', { precision: 38, scale: 18 }).notNull().default('0'),
    held: numeric('held', { precision: 38, scale: 18 }).notNull().default('0'),
    /** Only sources of money outside the books (faucet, external deposits, house) may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_unique').on(t.owner, t.currencyId, t.type, t.shard),
    index('ledger_accounts_user_idx').on(t.userId),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} OR (${t.available} >= 0 AND ${t.held} >= 0)`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
