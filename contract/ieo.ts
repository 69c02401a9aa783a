import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, count, decimal as wireDecimal, epochMs, id, limit, page, requiredText, text } from './domain/wire';

/**
 * IEO (initial exchange offering, SPEC.md sections 3, 4 and 7): a project sells a fixed supply of
 * a coin at a fixed issue price during a subscription window.
 *
 * - State from times: `warmup` before `start_at`, `progress` from `start_at` until `end_at`,
 *   `ended` from `end_at`.
 * - Subscribing (`/project/order`) applies for a quantity of the coin (`amount`) and pays
 *   quantity x issue price in the pay currency from the user's exchange (change) account; the
 *   payment is held until the end. The client sends the price and pay currency it showed: another
 *   price or currency is refused, so nobody pays a price they did not confirm.
 * - At the end (a sweep within a minute of `end_at`): when the applied total is at most the supply
 *   everyone gets what they applied for. Otherwise each passed quantity is pro rata: applied x
 *   supply / applied total, counted in whole coin units of 10^-8 and rounded down; the units this
 *   leaves over (fewer than the number of subscriptions) go one each to the subscriptions with the
 *   largest remainders (earliest first on a tie), so the passed quantities add up to the supply
 *   exactly and never exceed it or what anyone applied for. The payment for the passed quantity
 *   goes to the issuer; the rest is released back to the user (`refund`).
 * - The coins are credited to the exchange account at `credit_at`: the end of the lock period
 *   (`end_at` + `lock_days`), or the listing time when the coin is listed before that.
 *
 * Quantities have at most 8 decimals (`IEO_AMOUNT_DECIMALS`); amounts and prices are decimal
 * strings; times are epoch milliseconds.
 */

const decimal = wireDecimal();

/** Decimals of a coin quantity: allocation counts in units of 10^-8. */
export const IEO_AMOUNT_DECIMALS = 8;

/** The display state, from the times. */
export const IEO_STATES = ['warmup', 'progress', 'ended'] as const;
export type IeoState = (typeof IEO_STATES)[number];

/**
 * A subscription: `applied` (payment held) until the end; then `allocated` (passed quantity
 * paid, the rest refunded, coins waiting for `credit_at`) or `refunded` (nothing passed); then
 * `credited` (coins in the exchange account).
 */
export const IEO_ORDER_STATUSES = ['applied', 'allocated', 'refunded', 'credited'] as const;
export type IeoOrderStatus = (typeof IEO_ORDER_STATUSES)[number];

export const ieoProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  /** The coin sold. */
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** Icon of the coin (an inline SVG data URI). */
  image: z.string(),
  pay_currency: z.number().int(),
  pay_currency_name: z.string(),
  /** Issue price: pay currency per coin. */
  price: decimal,
  /** Total issuance: the supply sold. */
  total: decimal,
  /** Least quantity of one subscription and most a user may apply for in total. */
  min_amount: decimal,
  max_amount: decimal,
  start_at: z.number().int(),
  end_at: z.number().int(),
  /** Lock period after the end, in days. */
  lock_days: z.number().int(),
  /** When the coin is listed for trading; null when not yet set. */
  listing_at: z.number().int().nullable(),
  /** When passed coins are credited: end + lock period, or the listing time if earlier. */
  credit_at: z.number().int(),
  whitepaper: z.string(),
  website: z.string(),
  /** Sum of all applied quantities. */
  applied: decimal,
  /** Sum of the passed quantities; null until the end has been processed. */
  passed: decimal.nullable(),
  state: z.enum(IEO_STATES),
  /** The end has been processed (allocation done, refunds paid). */
  allocated: z.boolean(),
});
export type IeoProject = z.infer<typeof ieoProjectSchema>;

export const ieoOrderSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  coin_name: z.string(),
  pay_currency_name: z.string(),
  price: decimal,
  /** The quantity applied for. */
  amount: decimal,
  /** amount x price, held until the end. */
  pay: decimal,
  /** The quantity allocated; null until the end is processed. */
  passed: decimal.nullable(),
  /** passed x price, paid to the issuer; null until the end. */
  paid: decimal.nullable(),
  /** pay - paid, released back; null until the end. */
  refund: decimal.nullable(),
  status: z.enum(IEO_ORDER_STATUSES),
  end_at: z.number().int(),
  credit_at: z.number().int(),
  created_at: z.number().int(),
  allocated_at: z.number().int().nullable(),
  credited_at: z.number().int().nullable(),
});
export type IeoOrder = z.infer<typeof ieoOrderSchema>;

export const projectList = endpoint({
  method: 'GET',
  path: '/project',
  auth: false,
  summary: 'IEO projects, newest first, with their state and applied quantity',
  tags: ['ieo'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(ieoProjectSchema),
});

export const projectDetail = endpoint({
  method: 'GET',
  path: '/project/detail',
  auth: false,
  summary: 'One IEO project (unknown id: ieo_not_found)',
  tags: ['ieo'],
  request: z.object({ project_id: id('field_required') }),
  response: ieoProjectSchema,
});

/**
 * Applies for `amount` coins of a project in progress, paying amount x price in `pay_currency`
 * (held until the end). `price` and `pay_currency` must be the project's (what the user
 * confirmed). Idempotency-Key required.
 */
export const projectOrder = endpoint({
  method: 'POST',
  path: '/project/order',
  auth: true,
  summary: 'Subscribe to an IEO project; the payment is held until the end; Idempotency-Key required',
  tags: ['ieo'],
  request: z.object({
    project_id: id('field_required'),
    amount: amount(),
    pay_currency: id('field_required'),
    price: amount(),
  }),
  response: ieoOrderSchema,
});

export const userProjectOrders = endpoint({
  method: 'GET',
  path: '/user/project/order',
  auth: true,
  summary: "The user's IEO subscriptions, newest first, with applied and passed quantities",
  tags: ['ieo'],
  request: z.object({ project_id: id().optional(), page: page(), limit: limit() }),
  response: pagedSchema(ieoOrderSchema),
});

/** What an admin sets on a project; times in epoch ms. */
export const ieoProjectInput = z.object({
  /** Absent: create; present: update that project. */
  id: id().optional(),
  name: requiredText({ max: 64 }),
  intro: text({ max: 2000, multiline: true }).default(''),
  coin_id: id('field_required'),
  pay_currency: id('field_required'),
  price: amount(),
  total: amount(),
  min_amount: amount(),
  max_amount: amount(),
  start_at: epochMs(),
  end_at: epochMs(),
  lock_days: count('field_invalid', 3650),
  listing_at: epochMs().optional(),
  whitepaper: text({ max: 200 }).default(''),
  website: text({ max: 200 }).default(''),
});

/**
 * Creates or updates a project (audited). Once anyone has subscribed, only the texts and the
 * listing time may change (`ieo_project_locked`): terms people paid under stay as they were.
 */
export const adminProjectSave = endpoint({
  method: 'POST',
  path: '/admin/project/save',
  auth: 'admin',
  summary: 'Create or update an IEO project (audited)',
  tags: ['admin'],
  request: ieoProjectInput,
  response: ieoProjectSchema,
});

/** Every project for the back office, newest start first (the same rows as `/project`). */
export const adminProjectList = endpoint({
  method: 'GET',
  path: '/admin/project/list',
  auth: 'admin',
  summary: 'IEO projects for the back office, newest first',
  tags: ['admin'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(ieoProjectSchema),
});
