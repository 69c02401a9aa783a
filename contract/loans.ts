import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, choice, decimal as wireDecimal, id, limit, page, text } from './domain/wire';

/**
 * Crypto loans (SPEC.md "borrowing and repayment", route `pages/common/borrowing`): the user
 * borrows USDT against BTC or ETH collateral taken from the **change** (exchange) account.
 *
 * - Terms per collateral coin (`/loan/terms`): initial LTV (the most a new loan may borrow),
 *   margin-call LTV (a notice), liquidation LTV (the collateral is sold), hourly interest rate,
 *   minimum and maximum amount, and the terms offered (7, 14, 30 days or 0 = open).
 * - LTV = debt / (collateral x price), debt = principal + unpaid interest, price = the feed's last
 *   trade of the collateral's USDT pair.
 * - Interest: each started UTC hour a loan is open costs principal x hourly rate, rounded up to
 *   8 decimals; the hour the loan is taken is charged at once. It accrues to `interest_due`.
 * - Repayment takes the interest first, then the principal; more than the debt is capped at the
 *   debt. A loan whose debt reaches 0 is repaid and its collateral released.
 * - Liquidation: the first feed trade at or below the liquidation price sells the whole collateral
 *   to the house at that trade's price; the debt is paid from it and the rest credited to the
 *   change account in USDT. The loan records the trade (price, feed time, feed source).
 * - A fixed term sets `due_at`. When it ends the collateral is sold at the feed price like a
 *   liquidation (recorded the same way); until a live price allows the sale the loan is `overdue`
 *   and keeps accruing at the same rate.
 *
 * Amounts, prices and ratios are decimal strings ("0.65" is 65 %); times are epoch ms.
 */

const decimal = wireDecimal();

export const LOAN_STATUSES = ['open', 'repaid', 'liquidated'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Loan terms in days; 0 is an open term (no due date). */
export const LOAN_TERMS = [0, 7, 14, 30] as const;
export type LoanTerm = (typeof LOAN_TERMS)[number];

export const LOAN_EVENT_KINDS = ['borrow', 'repay', 'add_collateral', 'margin_call', 'liquidation'] as const;
export type LoanEventKind = (typeof LOAN_EVENT_KINDS)[number];

/** The published terms of one collateral coin. */
export const loanTermsSchema = z.object({
  id: z.number().int(),
  collateral_currency_id: z.number().int(),
  collateral_name: z.string(),
  loan_currency_name: z.string(),
  initial_ltv: decimal,
  margin_call_ltv: decimal,
  liquidation_ltv: decimal,
  hourly_rate: decimal,
  /** hourly rate x 24 (what a day of 24 started hours costs per unit borrowed). */
  daily_rate: decimal,
  min_amount: decimal,
  max_amount: decimal,
  terms: z.array(z.number().int()),
  /** The collateral's live price in USDT; null without a live price (borrowing is paused). */
  price: decimal.nullable(),
});
export type LoanTerms = z.infer<typeof loanTermsSchema>;

/** The figures of a loan before it is taken, at the live price. */
export const loanQuoteSchema = z.object({
  terms_id: z.number().int(),
  amount: decimal,
  collateral: decimal,
  /** What arrives in the change account (the whole amount: no fee). */
  received: decimal,
  hourly_interest: decimal,
  /** 24 hours of interest. */
  daily_interest: decimal,
  price: decimal,
  ltv: decimal,
  /** The collateral needed at the initial LTV for `amount`. */
  min_collateral: decimal,
  margin_call_price: decimal,
  liquidation_price: decimal,
  /** Whether the terms allow this loan now (LTV at most the initial one, amount within limits). */
  allowed: z.boolean(),
});
export type LoanQuote = z.infer<typeof loanQuoteSchema>;

export const loanLiquidationSchema = z.object({
  price: decimal,
  /** The feed time of the trade that set it off and the feed it came from. */
  ts: z.number().int(),
  source: z.string(),
  proceeds: decimal,
  repaid: decimal,
  returned: decimal,
});

export const loanSchema = z.object({
  id: z.number().int(),
  terms_id: z.number().int(),
  collateral_currency_id: z.number().int(),
  collateral_name: z.string(),
  collateral: decimal,
  borrowed: decimal,
  principal: decimal,
  interest_due: decimal,
  interest_paid: decimal,
  debt: decimal,
  hourly_rate: decimal,
  initial_ltv: decimal,
  margin_call_ltv: decimal,
  liquidation_ltv: decimal,
  term_days: z.number().int(),
  due_at: z.number().int().nullable(),
  overdue: z.boolean(),
  status: z.enum(LOAN_STATUSES),
  /** At the live price (null once closed or without a price). */
  price: decimal.nullable(),
  ltv: decimal.nullable(),
  margin_call_price: decimal.nullable(),
  liquidation_price: decimal.nullable(),
  margin_called_at: z.number().int().nullable(),
  liquidation: loanLiquidationSchema.nullable(),
  created_at: z.number().int(),
  closed_at: z.number().int().nullable(),
});
export type Loan = z.infer<typeof loanSchema>;

export const loanEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LOAN_EVENT_KINDS),
  /** USDT paid (repay), collateral added, or the sale's proceeds (liquidation). */
  amount: decimal.nullable(),
  interest: decimal.nullable(),
  principal: decimal.nullable(),
  price: decimal.nullable(),
  created_at: z.number().int(),
});
export type LoanEvent = z.infer<typeof loanEventSchema>;

export const loanDetailSchema = loanSchema.extend({ events: z.array(loanEventSchema) });
export type LoanDetail = z.infer<typeof loanDetailSchema>;

export const loanTerms = endpoint({
  method: 'GET',
  path: '/loan/terms',
  auth: false,
  summary: 'Crypto loan terms per collateral coin with its live price',
  tags: ['loans'],
  request: z.object({}),
  response: z.array(loanTermsSchema),
});

export const loanQuote = endpoint({
  method: 'GET',
  path: '/loan/quote',
  auth: false,
  summary: 'What a loan of an amount against a collateral would be at the live price',
  tags: ['loans'],
  request: z.object({ terms_id: id('field_required'), amount: amount(), collateral: amount().optional() }),
  response: loanQuoteSchema,
});

/**
 * Borrows `amount` USDT against `collateral` of the terms' coin, held in the change account.
 * Refused above the initial LTV, outside the limits, without a live price. Idempotency-Key required.
 */
export const loanBorrow = endpoint({
  method: 'POST',
  path: '/loan/borrow',
  auth: true,
  summary: 'Borrow USDT against BTC or ETH collateral; Idempotency-Key required',
  tags: ['loans'],
  request: z.object({
    terms_id: id('field_required'),
    amount: amount(),
    collateral: amount(),
    term: choice(LOAN_TERMS).default(0),
  }),
  response: loanSchema,
});

export const loanList = endpoint({
  method: 'GET',
  path: '/loan/list',
  auth: true,
  summary: "The user's loans: open or closed (repaid, liquidated)",
  tags: ['loans'],
  request: z.object({
    page: page(),
    limit: limit(),
    status: z.enum(['open', 'closed'], { error: 'field_invalid' }).default('open'),
  }),
  response: pagedSchema(loanSchema),
});

export const loanDetail = endpoint({
  method: 'GET',
  path: '/loan/detail',
  auth: true,
  summary: 'One loan of the user with its history',
  tags: ['loans'],
  request: z.object({ id: id('field_required') }),
  response: loanDetailSchema,
});

/** Pays `amount` USDT (capped at the debt): interest first, then principal. Idempotency-Key required. */
export const loanRepay = endpoint({
  method: 'POST',
  path: '/loan/repay',
  auth: true,
  summary: 'Repay a loan in part or in full (interest first); Idempotency-Key required',
  tags: ['loans'],
  request: z.object({ id: id('field_required'), amount: amount() }),
  response: loanSchema,
});

export const loanAddCollateral = endpoint({
  method: 'POST',
  path: '/loan/collateral/add',
  auth: true,
  summary: 'Add collateral to an open loan from the change account; Idempotency-Key required',
  tags: ['loans'],
  request: z.object({ id: id('field_required'), amount: amount() }),
  response: loanSchema,
});

/** The console's view of a coin's terms: withdrawn ones included. */
export const adminLoanTermsSchema = loanTermsSchema.extend({
  /** 1 open for new loans, 0 withdrawn (loans taken run on). */
  status: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminLoanTerms = z.infer<typeof adminLoanTermsSchema>;

export const adminLoanTerms = endpoint({
  method: 'GET',
  path: '/admin/loan/terms',
  auth: 'admin',
  summary: 'Every collateral coin’s loan terms, withdrawn ones included',
  tags: ['admin', 'loans'],
  request: z.object({}),
  response: z.array(adminLoanTermsSchema),
});

/** A ratio below 1 ("0.65" is 65 %). */
const ratio = () => amount().refine((v) => Number(v) < 1, { error: 'field_invalid' });

/** The terms offered: comma-separated days among LOAN_TERMS (a form cannot send arrays), at least one. */
const termsField = () =>
  text({ max: 40 })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .refine((d) => (LOAN_TERMS as readonly number[]).includes(Number(d)) && /^\d+$/.test(d), {
              error: 'field_invalid',
            })
            .transform(Number),
        )
        .min(1, { error: 'field_required' }),
    )
    .transform((days) => [...days].sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : a - b)));

/**
 * Edits a collateral coin's published terms. New loans take them; loans already taken keep the
 * terms they were taken with. The LTVs must rise initial < margin call < liquidation; the
 * minimum is at most the maximum. Audited.
 */
export const adminLoanTermsSave = endpoint({
  method: 'POST',
  path: '/admin/loan/terms/save',
  auth: 'admin',
  summary:
    'Change a collateral coin’s loan terms: LTVs, hourly rate, limits, terms offered, open or withdrawn (audited)',
  tags: ['admin', 'loans'],
  request: z
    .object({
      id: id('field_required'),
      initial_ltv: ratio(),
      margin_call_ltv: ratio(),
      liquidation_ltv: ratio(),
      /** At most 1 % an hour. */
      hourly_rate: amount().refine((v) => Number(v) <= 0.01, { error: 'field_invalid' }),
      min_amount: amount(),
      max_amount: amount(),
      terms: termsField(),
      status: choice([0, 1] as const).default(1),
    })
    .superRefine((v, ctx) => {
      const n = (s: unknown) => (typeof s === 'string' ? Number(s) : NaN);
      if (n(v.margin_call_ltv) <= n(v.initial_ltv))
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['margin_call_ltv'] });
      if (n(v.liquidation_ltv) <= n(v.margin_call_ltv))
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['liquidation_ltv'] });
      if (n(v.max_amount) < n(v.min_amount))
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['max_amount'] });
    }),
  response: adminLoanTermsSchema,
});
