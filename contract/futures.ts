import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, choice, count, decimal as wireDecimal, id, page, limit } from './domain/wire';
import { MARKET_SOURCES } from './market';
import {
  MAX_TRAIL_PERCENT,
  bpsOfPercent,
  priceOfTicks,
  ticksOf,
  trailTriggerTicks,
  type TrailUnits,
} from './domain/trailing';

/**
 * Futures ("lever", SPEC.md sections 1, 3, 7): linear USDT contracts with isolated margin; the
 * house is the counterparty, at the market feed's price (the mark price is the feed's last trade;
 * nobody can set or move it). Field names follow the original API where it had them.
 *
 * Formulas (shown beside every position; `server/src/products/futures/math.ts` computes them):
 * - quantity (`number`) = lots (`share`) x the pair's `lot_size`; notional = price x quantity.
 * - initial margin (`caution_money`) = notional at entry / leverage (`multiple`).
 * - handling fee = notional x `fee_rate`, charged at open (on the entry notional) and at close (on
 *   the close notional); `trade_fee` is their sum.
 * - maintenance margin = notional x `maintenance_rate`; the liquidation price uses it at entry:
 *   long entry - (IM - MM) / qty, short entry + (IM - MM) / qty (1 BTC at 20,000, 50x, 0.5 %:
 *   IM 400, MM 100, liquidation 19,700). The position is liquidated when the mark reaches it.
 * - unrealised profit (`profits` of an open position): long (mark - entry) x qty, short
 *   (entry - mark) x qty.
 * - risk rate (`hazard_rate`, in percent) = equity / maintenance margin at mark x 100, where
 *   equity = margin + unrealised profit. It is about 100 % when the mark nears the liquidation
 *   price (liquidation itself is decided by the price, which stays fixed for a position).
 * - overnight fee = notional at entry x `overnight_rate`, once per day held at 00:00 UTC, taken
 *   from the position's margin (which lowers its equity and moves its liquidation price);
 *   `overnight_money` is the sum charged.
 * - A user never loses more than the margin: the loss and the close fee are capped by it; when a
 *   position is liquidated what is left of its margin goes to the insurance fund.
 *
 * Money comes from and returns to the user's lever (futures) USDT account. Opening, closing,
 * cancelling, batch closing and changing the stops require the `Idempotency-Key` header.
 */

const decimal = wireDecimal();

/** `type`: 1 buy (long), 2 sell (short). */
export const LEVER_TYPES = { buy: 1, sell: 2 } as const;
export type LeverType = 1 | 2;
/** `status` of `/lever/submit`: 1 market (opens at once at the feed price), 0 limit. */
export const LEVER_ORDER_KINDS = { market: 1, limit: 0 } as const;

/**
 * A position's life: `pending` (a limit open waiting for the feed to reach its price; margin and
 * open fee held), `open`, `closed` (by the user or a trigger), `cancelled` (a pending open the
 * user withdrew; everything held returned).
 */
export const POSITION_STATUSES = ['pending', 'open', 'closed', 'cancelled'] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

/**
 * Why a position closed: `user` (`/lever/close`), `batch` (`/lever/batch_close`), `take_profit`,
 * `stop_loss`, `liquidation` (the mark reached that price), `trailing_stop` (the mark reached the
 * trailing trigger).
 */
export const CLOSE_REASONS = ['user', 'batch', 'take_profit', 'stop_loss', 'liquidation', 'trailing_stop'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** `/lever/my_trade` `status`: 1 current (pending and open), 2 history (closed and cancelled). */
export const LEVER_LIST_STATES = { current: 1, history: 2 } as const;

/** `/lever/batch_close` `type`: 0 all, 1 longs only, 2 shorts only. */
export const BATCH_CLOSE_TYPES = { all: 0, longs: 1, shorts: 2 } as const;

/** An optional price: absent, empty or null means none. */
const optionalPrice = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), amount().optional()) as z.ZodType<
    string | undefined,
    unknown
  >;

/** A trailing percentage: more than 0, at most 50, at most two decimals. */
const trailPercent = () =>
  amount().refine((v) => Number(v) <= MAX_TRAIL_PERCENT && /^\d+(\.\d{1,2})?$/.test(v), { error: 'field_invalid' });

/** An optional trailing percentage: absent, empty or null means none. */
const optionalTrailPercent = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), trailPercent().optional()) as z.ZodType<
    string | undefined,
    unknown
  >;

const pairRequest = { currency_id: id('field_required'), legal_id: id('field_required') };

/** The house's open exposure on one side of a pair (sum of open and pending notional at entry). */
export const houseSideSchema = z.object({
  cap: decimal,
  used: decimal,
  left: decimal,
});

export const leverTermsSchema = z.object({
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  /** Base coin quantity of one lot (`share` 1), e.g. "0.001" BTC. */
  lot_size: decimal,
  /** Leverage choices. */
  multiples: z.array(z.number().int()),
  /** Handling fee as a fraction of notional, at open and at close, e.g. "0.0005". */
  fee_rate: decimal,
  /** Maintenance margin as a fraction of notional, e.g. "0.005". */
  maintenance_rate: decimal,
  /** Overnight fee per day held (at 00:00 UTC) as a fraction of the entry notional. */
  overnight_rate: decimal,
  min_share: z.number().int(),
  max_share: z.number().int(),
  /** How much open value the house takes per side, and what is left. */
  house_long: houseSideSchema,
  house_short: houseSideSchema,
  /** The user's available lever (futures) USDT balance. */
  balance: decimal,
  /** The feed's last price (the mark price); null when there is none. */
  last_price: decimal.nullable(),
  /** When the last price traded (epoch ms); null without a price. */
  price_ts: z.number().int().nullable(),
  /** No fresh price: market opens and user closes are refused until it is back. */
  stale: z.boolean(),
  /** The settlement currency ("USDT"). */
  settle_currency: z.string(),
});
export type LeverTerms = z.infer<typeof leverTermsSchema>;

export const positionSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  /** 1 buy (long), 2 sell (short). */
  type: z.union([z.literal(1), z.literal(2)]),
  /** 1 market, 0 limit: how it was opened. */
  order_type: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(POSITION_STATUSES),
  /** Entry price; for a pending limit open, the limit price it will open at. */
  price: decimal,
  /** The limit price of a limit open; null for a market open. */
  target_price: decimal.nullable(),
  /** Mark price now (open), the close price (closed), null without a price. */
  update_price: decimal.nullable(),
  /** Lots. */
  share: z.number().int(),
  /** Quantity in the base coin (lots x lot size). */
  number: decimal,
  multiple: z.number().int(),
  /** Initial margin held, less overnight fees taken from it. */
  caution_money: decimal,
  /** Handling fees paid so far (open, plus close once closed). */
  trade_fee: decimal,
  open_fee: decimal,
  close_fee: decimal,
  /** Overnight fees charged so far. */
  overnight_money: decimal,
  target_profit_price: decimal.nullable(),
  stop_loss_price: decimal.nullable(),
  /** The trailing stop (see `/lever/setstop`): a percentage or a price distance behind the best mark; null without. */
  trail_percent: decimal.nullable(),
  trail_distance: decimal.nullable(),
  /** The best mark since the trailing stop was set (long: highest, short: lowest), on the price grid. */
  trail_best_price: decimal.nullable(),
  /** Where the trailing stop closes the position now (`trailTriggerOf` of the best mark). */
  trail_trigger_price: decimal.nullable(),
  liquidation_price: decimal,
  /** Maintenance margin at the mark (entry for a pending open). */
  maintenance_margin: decimal,
  /** Unrealised profit at the mark (open), realised profit (closed; never below -margin), "0" otherwise. */
  profits: decimal,
  /** Risk rate in percent (see above); null when not open or without a price. */
  hazard_rate: decimal.nullable(),
  /** When it opened (ISO); for pending and cancelled, when it was placed. */
  transaction_time: z.string(),
  created_at: z.string(),
  close_price: decimal.nullable(),
  close_time: z.string().nullable(),
  /** The feed tick it closed at: its feed time (epoch ms) and source; null before the close. */
  close_price_at: z.number().int().nullable(),
  close_source: z.enum(MARKET_SOURCES).nullable(),
  close_reason: z.enum(CLOSE_REASONS).nullable(),
  /**
   * The trigger was crossed while the server was down: the position closed at the first feed
   * price after the restart (`close_price`), not at its trigger price.
   */
  closed_after_restart: z.boolean(),
  /** What came back to the lever account at close (margin + profit - close fee, at least 0). */
  returned: decimal.nullable(),
});
export type Position = z.infer<typeof positionSchema>;

/** Totals over the listed scope's open positions. */
export const leverTotalsSchema = z.object({
  /** Sum of the open positions' margins. */
  caution_money: decimal,
  /** Sum of their unrealised profits. */
  profits: decimal,
  /** Risk rate in percent over all open positions: (margins + profits) / maintenance margins x 100. */
  hazard_rate: decimal.nullable(),
  /** Available lever USDT balance. */
  balance: decimal,
  open_count: z.number().int(),
  pending_count: z.number().int(),
});
export type LeverTotals = z.infer<typeof leverTotalsSchema>;

export const leverDeal = endpoint({
  method: 'POST',
  path: '/lever/deal',
  auth: true,
  summary: "A pair's futures terms, the house's capacity, the user's lever balance and the last price",
  tags: ['lever'],
  request: z.object(pairRequest),
  response: leverTermsSchema,
});

/**
 * Opens a position. Market (`status` 1): at the feed's last price now (refused while stale).
 * Limit (`status` 0): pending until the feed trades at or through `target_price` (long: at or
 * below, short: at or above), then opens at `target_price`. Margin and open fee are taken from the
 * lever account at once (held for a pending open). Take-profit and stop-loss are checked as for
 * `/lever/setstop` against the entry (and, for a market open, the current price).
 */
export const leverSubmit = endpoint({
  method: 'POST',
  path: '/lever/submit',
  auth: true,
  summary: 'Open a long or short futures position (market or limit); Idempotency-Key required',
  tags: ['lever'],
  request: z
    .object({
      ...pairRequest,
      share: id('field_invalid'),
      multiple: id('field_invalid'),
      type: choice([1, 2] as const),
      status: choice([0, 1] as const),
      target_price: optionalPrice(),
      target_profit_price: optionalPrice(),
      stop_loss_price: optionalPrice(),
      /** A claimed futures fee coupon to use (market opens only), 0 for none; omitted: the best one. */
      coupon_id: count().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.status === 0 && v.target_price === undefined) {
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['target_price'] });
      }
    }),
  response: positionSchema,
});

export const leverDealAll = endpoint({
  method: 'POST',
  path: '/lever/dealall',
  auth: true,
  summary: "The user's open positions (optionally of one pair) with totals and risk rate",
  tags: ['lever'],
  request: z.object({ currency_id: id().optional(), legal_id: id().optional(), page: page(), limit: limit() }),
  response: pagedSchema(positionSchema).extend({ totals: leverTotalsSchema }),
});

export const leverMyTrade = endpoint({
  method: 'POST',
  path: '/lever/my_trade',
  auth: true,
  summary: "The user's positions: current (pending and open) or history (closed and cancelled), newest first",
  tags: ['lever'],
  request: z.object({
    currency_id: id().optional(),
    legal_id: id().optional(),
    /** 1 current (pending and open), 2 history (closed and cancelled). */
    status: choice([1, 2] as const).default(1),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(positionSchema).extend({ totals: leverTotalsSchema }),
});

export const leverClose = endpoint({
  method: 'POST',
  path: '/lever/close',
  auth: true,
  summary: 'Close one open position at the feed price; Idempotency-Key required',
  tags: ['lever'],
  request: z.object({ id: id('field_required') }),
  response: positionSchema,
});

export const leverCancel = endpoint({
  method: 'POST',
  path: '/lever/cancel',
  auth: true,
  summary: 'Cancel a pending limit open; its margin and fee come back. Idempotency-Key required',
  tags: ['lever'],
  request: z.object({ id: id('field_required') }),
  response: positionSchema,
});

/**
 * Sets or clears (empty) take-profit and stop-loss of an open or pending position. Long: take-profit
 * above the entry and the current price; stop-loss below the current price and above the
 * liquidation price. Short: the reverse. For a pending open, the entry is its limit price and
 * stands for the current price.
 *
 * The trailing stop of an open position: `trail_percent` (more than 0, at most 50, two decimals)
 * or `trail_distance` (a price distance on the price grid; a long's below the mark), not both;
 * both empty clear it. Its trigger follows the best mark since it was set (long: highest,
 * short: lowest), only ever in the position's favour: long best - distance or best x (1 - p/100),
 * short best + distance or best x (1 + p/100), on the price grid (`trailTriggerOf`). When the mark
 * reaches the trigger the position closes at that mark, reason `trailing_stop`. Sending the trail
 * the position already has keeps its best mark; a new one starts from the mark now (a live price
 * is required).
 */
export const leverSetStop = endpoint({
  method: 'POST',
  path: '/lever/setstop',
  auth: true,
  summary: 'Set or clear the take-profit and stop-loss of a position; Idempotency-Key required',
  tags: ['lever'],
  request: z
    .object({
      id: id('field_required'),
      target_profit_price: optionalPrice(),
      stop_loss_price: optionalPrice(),
      trail_percent: optionalTrailPercent(),
      trail_distance: optionalPrice(),
    })
    .superRefine((v, ctx) => {
      if (v.trail_percent !== undefined && v.trail_distance !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'lever_trail_both', path: ['trail_distance'] });
      }
    }),
  response: positionSchema,
});

/** A position's trailing stop: a percentage or a price distance (exactly one). */
export interface LeverTrail {
  percent: string | null;
  distance: string | null;
}

/** The trail in whole ticks (a distance) or basis points (a percentage) on a grid of `priceDecimals`. */
export function trailUnitsOf(trail: LeverTrail, priceDecimals: number): TrailUnits {
  if (trail.distance !== null) return { ticks: ticksOf(trail.distance, priceDecimals, true), bps: null };
  if (trail.percent === null) throw new Error('a trailing stop without a percentage or a distance');
  return { ticks: null, bps: bpsOfPercent(trail.percent) };
}

/**
 * A mark as a trailing stop's best, in ticks: a long's rounded down, a short's up, so a price off
 * the grid never moves the trigger in the position's favour.
 */
export const trailBestTicks = (type: LeverType, mark: string, priceDecimals: number): number =>
  ticksOf(mark, priceDecimals, type === 2);

/** The best mark after `mark`: a long's highest, a short's lowest (plain decimals on the grid). */
export function followTrailBest(type: LeverType, best: string, mark: string, priceDecimals: number): string {
  const b = trailBestTicks(type, best, priceDecimals);
  const m = trailBestTicks(type, mark, priceDecimals);
  return priceOfTicks(type === 1 ? Math.max(b, m) : Math.min(b, m), priceDecimals);
}

/** Where a trailing stop closes the position for its best mark (long below it, short above). */
export function trailTriggerOf(type: LeverType, trail: LeverTrail, best: string, priceDecimals: number): string {
  const ticks = trailTriggerTicks(
    type === 1,
    trailBestTicks(type, best, priceDecimals),
    trailUnitsOf(trail, priceDecimals),
  );
  return priceOfTicks(ticks, priceDecimals);
}

export const leverBatchClose = endpoint({
  method: 'POST',
  path: '/lever/batch_close',
  auth: true,
  summary: 'Close all open positions, or all longs, or all shorts, at the feed prices; Idempotency-Key required',
  tags: ['lever'],
  request: z.object({
    /** 0 all, 1 longs only, 2 shorts only. */
    type: choice([0, 1, 2] as const),
    currency_id: id().optional(),
    legal_id: id().optional(),
  }),
  response: z.object({
    /** The positions closed now. */
    closed: z.array(positionSchema),
    /** Positions skipped because their pair has no live price (they stay open). */
    skipped: z.array(z.number().int()),
  }),
});

// ---- Back office ----

/**
 * Bounds of the futures parameters an admin may set. The maintenance rate times the highest
 * leverage stays at most 0.5, so a new position's margin is at least twice its maintenance and
 * no position opens already liquidated; fees and the overnight rate are at most 1 % of notional.
 */
export const LEVER_BOUNDS = {
  maxMultiple: 125,
  maxChoices: 10,
  maxFeeRate: 0.01,
  minMaintenanceRate: 0.001,
  maxMaintenanceRate: 0.1,
  maxMaintenanceTimesLeverage: 0.5,
  maxOvernightRate: 0.01,
  maxLots: 100_000,
} as const;

/** Terms every futures pair shares (lot size and the house's cap stay per pair, in the code). */
export const leverSettingsSchema = z.object({
  multiples: z.array(z.number().int()),
  fee_rate: decimal,
  maintenance_rate: decimal,
  overnight_rate: decimal,
  min_lots: z.number().int(),
  max_lots: z.number().int(),
});
export type LeverSettings = z.infer<typeof leverSettingsSchema>;

const rateUpTo = (max: number) =>
  amount()
    .refine((v) => (v.split('.')[1] ?? '').length <= 8, { error: 'field_invalid' })
    .refine((v) => Number(v) <= max, { error: 'field_invalid' });

/** "5,10,20": distinct whole leverages from 1 to 125, sorted on save. */
const multipleList = () =>
  z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { error: 'field_required' })
    .max(64, { error: 'field_invalid' })
    .refine((v) => /^(?:0|[1-9]\d{0,2})(?:\s*,\s*(?:0|[1-9]\d{0,2}))*$/.test(v), {
      error: 'field_invalid',
      abort: true,
    })
    .transform((v) => [...new Set(v.split(',').map((x) => Number(x.trim())))].sort((a, b) => a - b))
    .refine((m) => m.length <= LEVER_BOUNDS.maxChoices && m.every((x) => x >= 1 && x <= LEVER_BOUNDS.maxMultiple), {
      error: 'field_invalid',
    });

export const adminLeverSettings = endpoint({
  method: 'GET',
  path: '/admin/lever/settings',
  auth: 'admin',
  summary: 'Futures parameters every pair shares',
  tags: ['admin', 'lever'],
  request: z.object({}),
  response: leverSettingsSchema,
});

/** Applies to positions opened afterwards (a position keeps the rates it opened with); audited. */
export const adminLeverSave = endpoint({
  method: 'POST',
  path: '/admin/lever/save',
  auth: 'admin',
  summary: 'Change the futures parameters (audited)',
  tags: ['admin', 'lever'],
  request: z
    .object({
      multiples: multipleList(),
      fee_rate: rateUpTo(LEVER_BOUNDS.maxFeeRate),
      maintenance_rate: rateUpTo(LEVER_BOUNDS.maxMaintenanceRate).refine(
        (v) => Number(v) >= LEVER_BOUNDS.minMaintenanceRate,
        { error: 'field_invalid' },
      ),
      overnight_rate: rateUpTo(LEVER_BOUNDS.maxOvernightRate),
      min_lots: id('field_required', LEVER_BOUNDS.maxLots),
      max_lots: id('field_required', LEVER_BOUNDS.maxLots),
    })
    .superRefine((v, ctx) => {
      if (typeof v.min_lots === 'number' && typeof v.max_lots === 'number' && v.max_lots < v.min_lots) {
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['max_lots'] });
      }
      if (Array.isArray(v.multiples) && typeof v.maintenance_rate === 'string') {
        const top = Math.max(...v.multiples);
        if (top * Number(v.maintenance_rate) > LEVER_BOUNDS.maxMaintenanceTimesLeverage) {
          ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['maintenance_rate'] });
        }
      }
    }),
  response: leverSettingsSchema,
});
