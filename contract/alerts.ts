import { z } from 'zod';
import { endpoint } from './define';
import { amount, decimal as wireDecimal, id, integer } from './domain/wire';

/**
 * Price alerts (issue 37): a signed-in user watches a pair and is told through the notification
 * inbox and web push when
 *
 * - `above`: the pair's feed price is at or above `price`;
 * - `below`: the pair's feed price is at or below `price`;
 * - `change`: the pair's 24 h change is at or beyond `percent` either way (+P % or -P %).
 *
 * A one-shot alert fires once and then rests as `fired` (resume arms it again). A repeating alert
 * stays `active` and fires again at the first tick that still qualifies once `cooldown_minutes`
 * have passed since it last fired. At most `ALERT_MAX_ACTIVE` alerts of a user are active at once;
 * paused and fired ones do not count. Prices and percents are decimal strings; times epoch ms.
 */

const decimal = wireDecimal();

export const ALERT_KINDS = ['above', 'below', 'change'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_STATUSES = ['active', 'paused', 'fired'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Active alerts a user may keep at once. */
export const ALERT_MAX_ACTIVE = 50;
/** The 24 h change a `change` alert may watch for, in percent (a day's move beyond 1000 % is no alert). */
export const ALERT_PERCENT_MAX = 1000;
/** A repeating alert waits at least a minute and at most a week between two firings. */
export const ALERT_COOLDOWN_MIN = 1;
export const ALERT_COOLDOWN_MAX = 7 * 24 * 60;
export const ALERT_COOLDOWN_DEFAULT = 60;

export const alertSchema = z.object({
  id: z.number().int(),
  pair_id: z.number().int(),
  /** "BTC/USDT". */
  symbol: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** The target price of `above` and `below`; null for `change`. */
  price: decimal.nullable(),
  /** The 24 h change in percent of `change`; null otherwise. */
  percent: decimal.nullable(),
  repeat: z.boolean(),
  cooldown_minutes: z.number().int(),
  status: z.enum(ALERT_STATUSES),
  fired_count: z.number().int(),
  /** The last firing: its time, the feed price and the 24 h change (percent) then. */
  last_fired_at: z.number().int().nullable(),
  last_fired_price: decimal.nullable(),
  last_fired_change: decimal.nullable(),
  created_at: z.number().int(),
});
export type PriceAlert = z.infer<typeof alertSchema>;

/** A form or JSON boolean: true/false, 1/0. */
const flag = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: 'field_invalid' }),
  );

/** Whether a percent is within what a `change` alert may watch (a decimal string, already an amount). */
export const percentAllowed = (percent: string): boolean => Number(percent) <= ALERT_PERCENT_MAX;

/** The user's alerts, newest first, with how many are active and the most allowed. */
export const alertList = endpoint({
  method: 'GET',
  path: '/alert/list',
  auth: true,
  summary: "The user's price alerts, newest first",
  tags: ['alerts'],
  request: z.object({ pair_id: id().optional() }),
  response: z.object({ items: z.array(alertSchema), active: z.number().int(), max_active: z.number().int() }),
});

/**
 * A new active alert on a pair: `price` for `above` and `below`, `percent` for `change`.
 * Refused beyond `ALERT_MAX_ACTIVE` active alerts (`alert_limit`).
 */
export const alertCreate = endpoint({
  method: 'POST',
  path: '/alert/create',
  auth: true,
  summary: 'Create a price alert on a pair (above, below, or a 24 h change beyond a percent)',
  tags: ['alerts'],
  request: z
    .object({
      pair_id: id('field_required'),
      kind: z.enum(ALERT_KINDS, { error: 'field_invalid' }),
      price: amount().optional(),
      percent: amount().optional(),
      repeat: flag().default(false),
      cooldown_minutes: integer({ min: ALERT_COOLDOWN_MIN, max: ALERT_COOLDOWN_MAX }).default(ALERT_COOLDOWN_DEFAULT),
    })
    .superRefine((v, ctx) => {
      // Runs even when a field failed: look only at what parsed.
      if (v.kind === 'change') {
        if (v.percent === undefined) ctx.addIssue({ code: 'custom', message: 'field_required', path: ['percent'] });
        else if (typeof v.percent === 'string' && !percentAllowed(v.percent))
          ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['percent'] });
      } else if (v.kind === 'above' || v.kind === 'below') {
        if (v.price === undefined) ctx.addIssue({ code: 'custom', message: 'field_required', path: ['price'] });
      }
    }),
  response: alertSchema,
});

/** Stops an active alert without deleting it (it keeps its history). Replays answer the same. */
export const alertPause = endpoint({
  method: 'POST',
  path: '/alert/pause',
  auth: true,
  summary: 'Pause a price alert',
  tags: ['alerts'],
  request: z.object({ id: id('field_required') }),
  response: alertSchema,
});

/** Arms a paused or fired alert again (counts toward `ALERT_MAX_ACTIVE`). Replays answer the same. */
export const alertResume = endpoint({
  method: 'POST',
  path: '/alert/resume',
  auth: true,
  summary: 'Resume a paused or fired price alert',
  tags: ['alerts'],
  request: z.object({ id: id('field_required') }),
  response: alertSchema,
});

/** Deletes one of the user's alerts; another user's id answers `record_not_found`. */
export const alertDelete = endpoint({
  method: 'POST',
  path: '/alert/delete',
  auth: true,
  summary: 'Delete a price alert',
  tags: ['alerts'],
  request: z.object({ id: id('field_required') }),
  response: z.object({ removed: z.number().int() }),
});
