import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, choice, decimal as wireDecimal, id, limit, page, text } from './domain/wire';

/**
 * Lock mining (SPEC.md "lockming", `/lh/deposit/...`): the user locks an amount of a product's
 * currency (USDT) for the product's number of days and earns a daily interest.
 *
 * - Principal: held in the user's **change** (exchange) account from the deposit until the end of
 *   the lock (or an early redemption); interest is paid from the house.
 * - Days are UTC days. The deposit's day is day 0; interest accrues on days 1..`days`, each paid
 *   to the change account's available balance once that day has ended (so at 00:00 UTC the next
 *   day). The lock ends at the end of day `days` (`end_at`): the principal is released then.
 * - Each product's daily rate is drawn (CSPRNG, inside the product's range at the time) and
 *   published the day before it applies, and never changed afterwards; `/lh/deposit/config` shows
 *   today's and tomorrow's. A day without a published rate (the server was down when it would have
 *   been published) pays the minimum of the range. The rate paid to an order is kept inside the
 *   range the order was accepted with.
 * - Early redemption: penalty = penalty ratio x remaining days x amount (remaining days = whole
 *   UTC days left to the end date, i.e. `days` on the deposit's day, 0 on the last day), taken from
 *   the principal and capped by it; the rest is refunded at once. Interest already paid is kept;
 *   the current day's interest is not paid.
 *
 * Amounts and rates are decimal strings (a rate of "0.003" is 0.3 % a day); times are epoch ms.
 */

const decimal = wireDecimal();

/** `in_progress` until the principal came back (at the end date or by early redemption). */
export const LOCK_STATUSES = ['in_progress', 'redeemed'] as const;
export type LockStatus = (typeof LOCK_STATUSES)[number];

/** How a redeemed order ended: at its end date or early (with a penalty). */
export const LOCK_REDEEM_KINDS = ['matured', 'early'] as const;
export type LockRedeemKind = (typeof LOCK_REDEEM_KINDS)[number];

/** Milliseconds in a UTC day; interest days are whole UTC days. */
export const DAY_MS = 86_400_000;

/** A published daily rate of one product. */
export const lockRateSchema = z.object({
  /** Start of the UTC day the rate applies to (epoch ms). */
  day: z.number().int(),
  rate: decimal,
  /** When it was published: always before `day`, except for a product created that day. */
  published_at: z.number().int(),
});
export type LockRate = z.infer<typeof lockRateSchema>;

export const lockProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** Daily yield range: each day's rate is drawn inside it. */
  min_rate: decimal,
  max_rate: decimal,
  /** Lock days: the number of interest days. */
  days: z.number().int(),
  /** Minimum single amount. */
  min_amount: decimal,
  /** Early-redemption penalty ratio per remaining day. */
  penalty_rate: decimal,
  /** 1 open for deposits, 0 withdrawn (existing orders run to their end). */
  status: z.number().int(),
  /** Today's published rate (null if none was published). */
  today: lockRateSchema.nullable(),
  /** Tomorrow's published rate (null until published). */
  tomorrow: lockRateSchema.nullable(),
});
export type LockProduct = z.infer<typeof lockProductSchema>;

export const lockOrderSchema = z.object({
  id: z.number().int(),
  config_id: z.number().int(),
  name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  amount: decimal,
  days: z.number().int(),
  /** The range, minimum and penalty the order was accepted with. */
  min_rate: decimal,
  max_rate: decimal,
  penalty_rate: decimal,
  /** Expected total interest at the two ends of the range: amount x rate x days. */
  expected_min: decimal,
  expected_max: decimal,
  status: z.enum(LOCK_STATUSES),
  redeem_kind: z.enum(LOCK_REDEEM_KINDS).nullable(),
  /** Interest paid so far and over how many days. */
  interest: decimal,
  paid_days: z.number().int(),
  /** Whole UTC days left to the end date when the reply was made (0 once redeemed). */
  remaining_days: z.number().int(),
  /** What an early redemption would cost and return now (null once redeemed). */
  penalty_now: decimal.nullable(),
  refund_now: decimal.nullable(),
  /** Start of the first interest day and the end of the lock (epoch ms). */
  start_at: z.number().int(),
  end_at: z.number().int(),
  /** Early redemption: the penalty taken and the principal refunded; at maturity 0 and the amount. */
  penalty: decimal.nullable(),
  refund: decimal.nullable(),
  created_at: z.number().int(),
  redeemed_at: z.number().int().nullable(),
});
export type LockOrder = z.infer<typeof lockOrderSchema>;

/** The products open for deposits with today's and tomorrow's published rates. */
export const lockConfig = endpoint({
  method: 'GET',
  path: '/lh/deposit/config',
  auth: false,
  summary: 'Lock-mining products: daily yield range, lock days, minimum, penalty ratio, published rates',
  tags: ['lockming'],
  request: z.object({}),
  response: z.array(lockProductSchema),
});

/** The user's orders in progress (soonest end first) or redeemed (latest first). */
export const lockOrders = endpoint({
  method: 'GET',
  path: '/lh/deposit/order',
  auth: true,
  summary: "The user's lock-mining orders: in progress or redeemed",
  tags: ['lockming'],
  request: z.object({
    page: page(),
    limit: limit(),
    status: z.enum(LOCK_STATUSES, { error: 'field_invalid' }).default('in_progress'),
  }),
  response: pagedSchema(lockOrderSchema),
});

/**
 * Locks `amount` in product `config_id`: held in the change account until the end date.
 * Refused below the product's minimum or above the available balance. Idempotency-Key required.
 */
export const lockDeposit = endpoint({
  method: 'POST',
  path: '/lh/deposit',
  auth: true,
  summary: 'Lock an amount in a lock-mining product; Idempotency-Key required',
  tags: ['lockming'],
  request: z.object({ config_id: id('field_required'), amount: amount() }),
  response: lockOrderSchema,
});

/**
 * Early redemption: the penalty (ratio x remaining days x amount) goes to the house, the rest of
 * the principal back to available. Another user's id answers like a missing one. Idempotency-Key
 * required.
 */
export const lockCancel = endpoint({
  method: 'POST',
  path: '/lh/deposit/order/cancel',
  auth: true,
  summary: 'Redeem a lock-mining order early (penalty from the principal); Idempotency-Key required',
  tags: ['lockming'],
  request: z.object({ id: id('field_required') }),
  response: lockOrderSchema,
});

/** A rate: a positive decimal below 1 (a day's interest is less than the principal). */
const rate = () => amount().refine((v) => Number(v) < 1, { error: 'field_invalid' });

/** Products for the back office, withdrawn ones included. */
export const adminLockProducts = endpoint({
  method: 'GET',
  path: '/admin/lock/products',
  auth: 'admin',
  summary: 'Every lock-mining product, withdrawn ones included',
  tags: ['admin', 'lockming'],
  request: z.object({}),
  response: z.array(lockProductSchema),
});

/**
 * Creates a product (no `id`) or updates one. A new range applies to rates published after the
 * change; rates already published and orders already accepted keep theirs. Audited.
 */
export const adminLockSave = endpoint({
  method: 'POST',
  path: '/admin/lock/product/save',
  auth: 'admin',
  summary: 'Create or update a lock-mining product (audited)',
  tags: ['admin', 'lockming'],
  request: z
    .object({
      id: id().optional(),
      name: text({ max: 64 }).refine((v) => v.length > 0, { error: 'field_required' }),
      min_rate: rate(),
      max_rate: rate(),
      days: id('field_invalid', 3650),
      min_amount: amount(),
      penalty_rate: rate(),
      status: choice([0, 1] as const).default(1),
    })
    .superRefine((v, ctx) => {
      if (typeof v.min_rate === 'string' && typeof v.max_rate === 'string' && Number(v.max_rate) < Number(v.min_rate)) {
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['max_rate'] });
      }
    }),
  response: lockProductSchema,
});
