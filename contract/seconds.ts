import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { MARKET_SOURCES } from './market';
import { amount, choice, decimal as wireDecimal, id, integer, limit, page } from './domain/wire';

/**
 * Seconds contracts ("microtrade", SPEC.md transaction/index2 and seconds_order): short up/down
 * options on a pair with `open_microtrade`. The user picks a published duration, a direction and a
 * stake; the stake is held in the user's **micro** (options) account.
 *
 * - Entry price = the market feed's last trade at acceptance (`open_price`, with the trade's feed
 *   time `open_price_at` and `open_source`). A pair whose feed is stale refuses new orders.
 * - Settlement price = the feed's last trade at or before the exact expiry `end_at` (`end_price`,
 *   `end_price_at`, `end_source`). An order is settled only once the feed has moved past its
 *   expiry, so the settlement price is final; usually within a second of expiry.
 * - Up (type 1) wins when end_price > open_price, down (type 2) when end_price < open_price; equal
 *   prices are a tie. Win pays stake x (1 + profit_ratio) (the profit from the house), a tie
 *   refunds the stake, a loss gives the stake to the house. The ratio is fixed at acceptance.
 *   Without a live recorded trade at expiry (no trade within the stale threshold before it) the
 *   order is `void` and the stake refunded.
 * - The result is a function of the two stored feed prices alone: no setting, admin action or
 *   other input can decide, bias or rewrite it.
 * - The house caps its open stake per pair and direction; over the cap an order is refused.
 *
 * Amounts and prices are decimal strings; times are epoch milliseconds.
 */

const decimal = wireDecimal();

/** 1 up (call), 2 down (put): the original's numbers. */
export const MICRO_TYPES = [1, 2] as const;
export type MicroType = (typeof MICRO_TYPES)[number];
export const MICRO_UP: MicroType = 1;
export const MICRO_DOWN: MicroType = 2;

/** `holding` until settled; `settled` is final. */
export const MICRO_STATUSES = ['holding', 'settled'] as const;
export type MicroStatus = (typeof MICRO_STATUSES)[number];

/**
 * `void`: the price record holds no live trade near the expiry (the feed was stale, or the
 * exchange was down and recorded nothing then): the order cannot be settled on a price, so the
 * stake is refunded. Nobody gains from a gap in the record, the house included.
 */
export const MICRO_RESULTS = ['win', 'tie', 'loss', 'void'] as const;
export type MicroResult = (typeof MICRO_RESULTS)[number];

/** What `/microtrade/lists` shows: open orders (with remaining time) or settled ones. */
export const MICRO_LIST_STATES = ['holding', 'history'] as const;
export type MicroListState = (typeof MICRO_LIST_STATES)[number];

/** SPEC.md: the seconds order list pages 5 at a time. */
export const MICRO_PAGE_LIMIT = 5;

/** A published duration. */
export const microSecondsSchema = z.object({
  id: z.number().int(),
  /** Length of the contract in seconds. */
  seconds: z.number().int(),
  /** 1 open for new orders, 0 withdrawn (existing orders still settle). */
  status: z.number().int(),
  /** Profit of a win as a fraction of the stake ("0.2" = 20 %): a win pays stake x (1 + ratio). */
  profit_ratio: decimal,
  /** Least and most stake of one order, in the stake currency (any payable currency). */
  min_stake: decimal,
  max_stake: decimal,
});
export type MicroSeconds = z.infer<typeof microSecondsSchema>;

/** A currency a stake may be paid in, with the caller's options (micro) account balance. */
export const payableCurrencySchema = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** Available in the caller's micro account. */
  micro_balance: decimal,
  /** Held there by open seconds orders. */
  lock_micro_balance: decimal,
});
export type PayableCurrency = z.infer<typeof payableCurrencySchema>;

export const microOrderSchema = z.object({
  id: z.number().int(),
  /** "BTC/USDT". */
  symbol: z.string(),
  match_id: z.number().int(),
  /** The stake currency. */
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** 1 up, 2 down. */
  type: z.number().int(),
  seconds: z.number().int(),
  /** The stake. */
  number: decimal,
  /** Fixed at acceptance. */
  profit_ratio: decimal,
  /** The feed's last trade at acceptance, its feed time and source. */
  open_price: decimal,
  open_price_at: z.number().int(),
  open_source: z.enum(MARKET_SOURCES),
  /** Expiry: acceptance time + seconds. */
  end_at: z.number().int(),
  /** The feed's last trade at or before `end_at`; null until settled (and for a void order). */
  end_price: decimal.nullable(),
  end_price_at: z.number().int().nullable(),
  end_source: z.enum(MARKET_SOURCES).nullable(),
  status: z.enum(MICRO_STATUSES),
  result: z.enum(MICRO_RESULTS).nullable(),
  /** Realised profit: stake x ratio on a win, 0 on a tie or void, minus the stake on a loss; null until settled. */
  profit: decimal.nullable(),
  /** What was paid back to the micro account: stake x (1 + ratio), the stake (tie, void), or 0; null until settled. */
  payout: decimal.nullable(),
  /** Milliseconds until expiry when the reply was made; 0 once expired. */
  remaining_ms: z.number().int(),
  created_at: z.number().int(),
  settled_at: z.number().int().nullable(),
});
export type MicroOrder = z.infer<typeof microOrderSchema>;

/** The published durations and their terms. */
export const microSeconds = endpoint({
  method: 'GET',
  path: '/microtrade/seconds',
  auth: false,
  summary: 'Published seconds-contract durations with profit ratios and stake limits',
  tags: ['microtrade'],
  request: z.object({}),
  response: z.array(microSecondsSchema),
});

export const payableCurrencies = endpoint({
  method: 'GET',
  path: '/microtrade/payable_currencies',
  auth: true,
  summary: "Currencies a seconds-contract stake can be paid in, with the caller's micro account balance",
  tags: ['microtrade'],
  request: z.object({}),
  response: z.array(payableCurrencySchema),
});

const microType = choice([1, 2] as const satisfies readonly MicroType[]);

/**
 * Opens a seconds contract at the feed's last price; the stake is held in the micro account.
 * Refused when the pair's feed is stale, the duration or currency is not offered, the stake is
 * outside the duration's limits, the balance is short or the house's cap for the pair and direction
 * would be exceeded. Idempotency-Key required.
 */
export const microSubmit = endpoint({
  method: 'POST',
  path: '/microtrade/submit',
  auth: true,
  summary: 'Open a seconds contract (1 up, 2 down) at the feed price; Idempotency-Key required',
  tags: ['microtrade'],
  request: z.object({
    match_id: id('field_required'),
    currency_id: id('field_required'),
    type: microType,
    seconds: id('field_required'),
    number: amount(),
  }),
  response: microOrderSchema,
});

/** Holding orders (soonest expiry first) or settled ones (newest first), optionally of one pair. */
export const microLists = endpoint({
  method: 'GET',
  path: '/microtrade/lists',
  auth: true,
  summary: "The user's seconds contracts: holding (with remaining ms) or history, 5 a page by default",
  tags: ['microtrade'],
  request: z.object({
    match_id: id().optional(),
    status: z.enum(MICRO_LIST_STATES, { error: 'field_invalid' }).default('holding'),
    page: page(),
    limit: limit(MICRO_PAGE_LIMIT),
  }),
  response: pagedSchema(microOrderSchema),
});

/** One of the user's orders; another user's id answers like a missing one (`order_not_found`). */
export const microResult = endpoint({
  method: 'GET',
  path: '/microtrade/get_result',
  auth: true,
  summary: "One of the user's seconds contracts with its entry and settlement prices",
  tags: ['microtrade'],
  request: z.object({ id: id('field_required') }),
  response: microOrderSchema,
});

// ---- Back office ----

/**
 * Bounds of a duration an admin may publish. The ratio stays below 1, so a win pays less than
 * twice the stake and a coin-flip guess never expects a gain the house must fund; stakes have at
 * most 8 decimals (the settlement's units) and never exceed a million.
 */
export const SECONDS_BOUNDS = {
  minSeconds: 10,
  maxSeconds: 3600,
  maxRatio: 0.99,
  maxStake: 1_000_000,
  stakeDecimals: 8,
  maxDurations: 8,
} as const;

const decimalsAtMost = (v: string, n: number): boolean => (v.split('.')[1] ?? '').length <= n;

const stake = () =>
  amount()
    .refine((v) => decimalsAtMost(v, SECONDS_BOUNDS.stakeDecimals), { error: 'field_invalid' })
    .refine((v) => Number(v) <= SECONDS_BOUNDS.maxStake, { error: 'field_invalid' });

/** Every duration, withdrawn ones included, as `/microtrade/seconds` publishes them. */
export const adminSecondsDurations = endpoint({
  method: 'GET',
  path: '/admin/seconds/durations',
  auth: 'admin',
  summary: 'Seconds-contract durations (withdrawn ones included)',
  tags: ['admin', 'microtrade'],
  request: z.object({}),
  response: z.array(microSecondsSchema),
});

/**
 * Adds a duration (no `id`) or changes one; `status` 0 withdraws it from new orders. Orders
 * already accepted keep their duration, ratio and stake. Takes effect at the next order; audited.
 */
export const adminSecondsSave = endpoint({
  method: 'POST',
  path: '/admin/seconds/save',
  auth: 'admin',
  summary: 'Add or change a seconds-contract duration (audited)',
  tags: ['admin', 'microtrade'],
  request: z
    .object({
      id: id().optional(),
      seconds: integer({
        min: SECONDS_BOUNDS.minSeconds,
        max: SECONDS_BOUNDS.maxSeconds,
        message: 'field_required',
        tooSmall: 'field_invalid',
        tooBig: 'field_invalid',
      }),
      status: choice([0, 1] as const).default(1),
      profit_ratio: amount()
        .refine((v) => decimalsAtMost(v, 4), { error: 'field_invalid' })
        .refine((v) => Number(v) <= SECONDS_BOUNDS.maxRatio, { error: 'field_invalid' }),
      min_stake: stake(),
      max_stake: stake(),
    })
    .superRefine((v, ctx) => {
      if (
        typeof v.min_stake === 'string' &&
        typeof v.max_stake === 'string' &&
        Number(v.max_stake) < Number(v.min_stake)
      ) {
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['max_stake'] });
      }
    }),
  response: z.array(microSecondsSchema),
});
