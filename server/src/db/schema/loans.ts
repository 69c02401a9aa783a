import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { LoanEventKind, LoanStatus } from '@contract/loans';
import { loanTerms } from './loan-terms';
import { users } from './users';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A crypto loan. The collateral sits in ledger holds `holds` (id and amount) on the user's change account (one
 * per deposit of collateral) until the loan is repaid (released) or liquidated (sold to the house).
 * `charged_through_hour` is the last UTC hour number whose interest is in `interest_due`; charging
 * an hour is a conditional update on it under the row lock, so each hour is charged once.
 * `status` leaves `open` once, conditionally. `liq_*` record the feed trade that liquidated it.
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    termsId: integer('terms_id')
      .notNull()
      .references(() => loanTerms.id, { onDelete: 'restrict' }),
    collateralCurrencyId: integer('collateral_currency_id').notNull(),
    pairId: integer('pair_id').notNull(),
    loanCurrencyId: integer('loan_currency_id').notNull(),
    collateral: decimal('collateral').notNull(),
    holds: jsonb('holds').$type<{ id: number; amount: string }[]>().notNull(),
    borrowed: decimal('borrowed').notNull(),
    principal: decimal('principal').notNull(),
    interestDue: decimal('interest_due').notNull().default('0'),
    interestPaid: decimal('interest_paid').notNull().default('0'),
    hourlyRate: decimal('hourly_rate').notNull(),
    initialLtv: decimal('initial_ltv').notNull(),
    marginCallLtv: decimal('margin_call_ltv').notNull(),
    liquidationLtv: decimal('liquidation_ltv').notNull(),
    termDays: integer('term_days').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    chargedThroughHour: integer('charged_through_hour').notNull(),
    status: varchar('status', { length: 12 }).$type<LoanStatus>().notNull(),
    marginCalledAt: timestamp('margin_called_at', { withTimezone: true }),
    liqPrice: decimal('liq_price'),
    liqTs: bigint('liq_ts', { mode: 'number' }),
    liqSource: varchar('liq_source', { length: 32 }),
    liqProceeds: decimal('liq_proceeds'),
    liqRepaid: decimal('liq_repaid'),
    liqReturned: decimal('liq_returned'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.status, t.id),
    // What the hourly job and the liquidation watcher load.
    index('loans_open_idx')
      .on(t.chargedThroughHour, t.id)
      .where(sql`${t.status} = 'open'`),
  ],
);

export type LoanRow = typeof loans.$inferSelect;

/** A loan's history: borrowing, repayments, collateral added, margin calls, the liquidation. */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 16 }).$type<LoanEventKind>().notNull(),
    amount: decimal('amount'),
    interest: decimal('interest'),
    principal: decimal('principal'),
    price: decimal('price'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('loan_events_loan_idx').on(t.loanId, t.id)],
);

export type LoanEventRow = typeof loanEvents.$inferSelect;
