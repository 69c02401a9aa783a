import { integer, jsonb, numeric, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * The published terms of crypto loans against one collateral coin (contract/loans.ts): LTVs,
 * hourly interest rate, limits and the terms offered (days; 0 is open). Seeded in demo mode; loans
 * copy the terms they were taken with, so a change never alters a loan.
 */
export const loanTerms = pgTable(
  'loan_terms',
  {
    id: serial('id').primaryKey(),
    collateralCurrencyId: integer('collateral_currency_id').notNull(),
    /** The collateral's USDT pair: its feed trades value the collateral. */
    pairId: integer('pair_id').notNull(),
    loanCurrencyId: integer('loan_currency_id').notNull(),
    initialLtv: decimal('initial_ltv').notNull(),
    marginCallLtv: decimal('margin_call_ltv').notNull(),
    liquidationLtv: decimal('liquidation_ltv').notNull(),
    hourlyRate: decimal('hourly_rate').notNull(),
    minAmount: decimal('min_amount').notNull(),
    maxAmount: decimal('max_amount').notNull(),
    terms: jsonb('terms').$type<number[]>().notNull(),
    /** 1 open for new loans, 0 withdrawn (loans taken run on). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('loan_terms_collateral_idx').on(t.collateralCurrencyId)],
);

export type LoanTermsRow = typeof loanTerms.$inferSelect;
