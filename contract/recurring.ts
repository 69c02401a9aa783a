import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, choice, decimal as wireDecimal, id, integer, limit, page } from './domain/wire';
import { MAX_SLIPPAGE_PERCENT } from './trade';
import { SKIP_REASONS } from './products/recurring';

/**
 * Recurring buys: a plan spends a fixed amount of USDT on one spot pair (quote USDT) once per
 * period, at a whole UTC hour: every day, every week on a weekday, or every month on a day (1-28,
 * so every month has it). Each run is a market buy of the user's exchange (change) account through
 * the spot order book, limited by the plan's slippage limit; a run that cannot buy (no funds, the
 * book would fill worse than the limit, no live price) is recorded as skipped with its reason and
 * notified. A plan runs at most once per period; after downtime it makes up at most one run.
 *
 * Times are epoch ms (UTC); the screens show them in the user's own time zone. Amounts are
 * decimal strings in the pair's currencies.
 */

const decimal = wireDecimal();

export const RECURRING_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type RecurringPeriod = (typeof RECURRING_PERIODS)[number];

/** `active` plans run; `paused` ones keep their settings and history and run again when resumed. */
export const RECURRING_STATUSES = ['active', 'paused'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/** A run is `pending` while its buy is being placed, then `done` or `skipped` (with a reason). */
export const RUN_STATUSES = ['pending', 'done', 'skipped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export { SKIP_REASONS };
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The most plans one user may have (active and paused). */
export const MAX_PLANS = 20;
/** The least and most one run may spend, in USDT. */
export const MIN_RUN_AMOUNT = '5';
export const MAX_RUN_AMOUNT = '100000';
/** The slippage limit a new plan starts with on the form, in percent. */
export const DEFAULT_SLIPPAGE = '1';
/** Weekdays as `Date.getUTCDay` numbers them: 0 Sunday .. 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** The last day of the month a monthly plan may name: every month has it. */
export const MAX_MONTH_DAY = 28;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** When a plan runs: its period, weekday (0 Sunday .. 6 Saturday) or day of month, and UTC hour. */
export interface Schedule {
  period: RecurringPeriod;
  weekday: number | null;
  month_day: number | null;
  hour: number;
}

/**
 * The first time the schedule runs strictly after `after` (epoch ms): a whole UTC hour. Shared by
 * the server (when a plan is due) and the screens (what the confirmation says).
 */
export function nextRunAfter(s: Schedule, after: number): number {
  const d = new Date(after);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (s.period === 'monthly') {
    const day1 = s.month_day ?? 1;
    for (let m = 0; m < 3; m++) {
      const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + m, day1, s.hour);
      if (at > after) return at;
    }
    throw new Error('unreachable: a month always follows');
  }
  for (let i = 0; i <= 7; i++) {
    const at = day + i * DAY_MS + s.hour * HOUR_MS;
    if (at <= after) continue;
    if (s.period === 'weekly' && new Date(at).getUTCDay() !== (s.weekday ?? 0)) continue;
    return at;
  }
  // A weekly schedule always finds its weekday within eight days; daily within two.
  throw new Error('unreachable: a week always has the weekday');
}

/** The last time the schedule ran at or before `at`: the period a late run belongs to. */
export function lastRunAtOrBefore(s: Schedule, at: number): number {
  // The previous run is at most a month and a few days back; step back until the next run passes `at`.
  let last = nextRunAfter(s, at - 32 * DAY_MS);
  for (;;) {
    const next = nextRunAfter(s, last);
    if (next > at) return last;
    last = next;
  }
}

export const recurringPairSchema = z.object({
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /** Trading fee per fill as a fraction of its value ("0": free). */
  fee_rate: decimal,
  /** The last feed price (null while there is none). */
  price: decimal.nullable(),
});
export type RecurringPair = z.infer<typeof recurringPairSchema>;

export const recurringConfigSchema = z.object({
  pairs: z.array(recurringPairSchema),
  min_amount: decimal,
  max_amount: decimal,
  max_slippage: decimal,
  default_slippage: decimal,
  max_plans: z.number().int(),
  /** Recurring buys cost nothing on top of the trading fee. */
  plan_fee: decimal,
});
export type RecurringConfig = z.infer<typeof recurringConfigSchema>;

export const recurringPlanSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /** Spent per run, in the quote currency. */
  amount: decimal,
  period: z.enum(RECURRING_PERIODS),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  hour: z.number().int(),
  max_slippage: decimal,
  status: z.enum(RECURRING_STATUSES),
  /** The next run (null while paused). */
  next_run_at: z.number().int().nullable(),
  /** Totals of the runs that bought: spent (quote), got (base), and spent / got (null before one). */
  total_spent: decimal,
  total_got: decimal,
  average_cost: decimal.nullable(),
  runs_done: z.number().int(),
  runs_skipped: z.number().int(),
  created_at: z.number().int(),
});
export type RecurringPlan = z.infer<typeof recurringPlanSchema>;

export const recurringRunSchema = z.object({
  id: z.number().int(),
  /** The scheduled time the run belongs to (epoch ms). */
  period_at: z.number().int(),
  status: z.enum(RUN_STATUSES),
  reason: z.enum(SKIP_REASONS).nullable(),
  /** Quote spent, base got and their average price (null unless done). */
  spent: decimal.nullable(),
  got: decimal.nullable(),
  price: decimal.nullable(),
  fee: decimal.nullable(),
  order_id: z.number().int().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type RecurringRun = z.infer<typeof recurringRunSchema>;

const planId = { id: id('field_required') };

/** The pairs a plan may buy, the limits of a plan and its fees. */
export const recurringConfig = endpoint({
  method: 'GET',
  path: '/recurring/config',
  auth: true,
  summary: 'Recurring buys: the pairs, the amount and slippage limits, the fees',
  tags: ['recurring'],
  request: z.object({}),
  response: recurringConfigSchema,
});

/** The user's plans, newest first. */
export const recurringList = endpoint({
  method: 'GET',
  path: '/recurring/list',
  auth: true,
  summary: "The user's recurring buy plans with their next run and totals",
  tags: ['recurring'],
  request: z.object({}),
  response: z.array(recurringPlanSchema),
});

/** One plan and its runs, newest first. Another user's id answers like a missing one. */
export const recurringDetail = endpoint({
  method: 'GET',
  path: '/recurring/detail',
  auth: true,
  summary: 'One recurring buy plan and its run history',
  tags: ['recurring'],
  request: z.object({ ...planId, page: page(), limit: limit() }),
  response: z.object({ plan: recurringPlanSchema, runs: pagedSchema(recurringRunSchema) }),
});

/**
 * Creates a plan; its first run is the first scheduled time after now. Weekly plans name
 * `weekday`, monthly ones `month_day`; the other is refused. Idempotency-Key required.
 */
export const recurringCreate = endpoint({
  method: 'POST',
  path: '/recurring/create',
  auth: true,
  summary: 'Create a recurring buy plan; Idempotency-Key required',
  tags: ['recurring'],
  request: z
    .object({
      currency_id: id('field_required'),
      legal_id: id('field_required'),
      amount: amount(),
      period: z.enum(RECURRING_PERIODS, { error: 'field_invalid' }),
      weekday: choice(WEEKDAYS).optional(),
      month_day: integer({ min: 1, max: MAX_MONTH_DAY }).optional(),
      hour: integer({ max: 23, message: 'field_invalid' }),
      max_slippage: amount().refine((v) => Number(v) <= MAX_SLIPPAGE_PERCENT, { error: 'slippage_out_of_range' }),
    })
    .superRefine((v, ctx) => {
      // Each period names exactly the day it needs; a stray day would be silently ignored.
      const needs = { daily: [], weekly: ['weekday'], monthly: ['month_day'] } as const;
      const wanted: readonly string[] = v.period ? needs[v.period] : [];
      for (const field of ['weekday', 'month_day'] as const) {
        if (v.period === undefined) continue;
        if (wanted.includes(field) && v[field] === undefined) {
          ctx.addIssue({ code: 'custom', message: 'field_required', path: [field] });
        }
        if (!wanted.includes(field) && v[field] !== undefined) {
          ctx.addIssue({ code: 'custom', message: 'field_invalid', path: [field] });
        }
      }
    }),
  response: recurringPlanSchema,
});

export const recurringPause = endpoint({
  method: 'POST',
  path: '/recurring/pause',
  auth: true,
  summary: 'Pause a recurring buy plan (no runs until resumed)',
  tags: ['recurring'],
  request: z.object(planId),
  response: recurringPlanSchema,
});

/** Resumes a paused plan: its next run is the first scheduled time after now (no make-up run). */
export const recurringResume = endpoint({
  method: 'POST',
  path: '/recurring/resume',
  auth: true,
  summary: 'Resume a paused recurring buy plan',
  tags: ['recurring'],
  request: z.object(planId),
  response: recurringPlanSchema,
});

/** Deletes a plan: it never runs again and leaves the list; what it bought stays in the wallet. */
export const recurringDelete = endpoint({
  method: 'POST',
  path: '/recurring/delete',
  auth: true,
  summary: 'Delete a recurring buy plan',
  tags: ['recurring'],
  request: z.object(planId),
  response: z.object({ id: z.number().int() }),
});
