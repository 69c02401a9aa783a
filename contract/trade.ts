import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, decimal as wireDecimal, id, integer, limit, page } from './domain/wire';
import { pairRulesSchema } from './pair-rules';
import { CANCEL_REASONS } from './products/trade';

/**
 * Spot and stock trading on the order book (SPEC.md "Coin trade": amount, target_price,
 * currency_id, legal_id, type). Prices and quantities are decimal strings on the wire and whole
 * multiples of the pair's `tick_size` and `lot_size` (published with each quote). Stocks are quoted
 * in USD (`legal_id` 50) and settled in USDT at 1:1 (`settle_id`). Funds come from and go to the
 * user's change (exchange) account. Placing and cancelling require the `Idempotency-Key` header.
 */

const decimal = wireDecimal();

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['limit', 'market'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** `open` rests untouched, `partial` rests partly filled; `filled` and `cancelled` are final. */
export const ORDER_STATUSES = ['open', 'partial', 'filled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** SPEC.md "Entrust: in progress, complete": open and partial orders, or filled and cancelled ones. */
export const ENTRUST_STATES = ['in_progress', 'complete'] as const;
export type EntrustState = (typeof ENTRUST_STATES)[number];
export { CANCEL_REASONS };
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const TIME_IN_FORCE = ['gtc', 'ioc'] as const;

export { pairRulesSchema, type PairRules } from './pair-rules';

export const orderSchema = z.object({
  id: z.number().int(),
  /** "BTC/USDT", "AAPL/USD". */
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** Limit price; null for market orders. */
  price: decimal.nullable(),
  /** Ordered quantity in the base currency; null for a market buy, which spends `budget`. */
  amount: decimal.nullable(),
  /** What a market buy may spend, in the quote currency; null otherwise. */
  budget: decimal.nullable(),
  filled: decimal,
  /** Value of the fills in the quote currency. */
  filled_value: decimal,
  /** Volume-weighted price of the fills; null before the first. */
  avg_price: decimal.nullable(),
  fee: decimal,
  status: z.enum(ORDER_STATUSES),
  cancel_reason: z.enum(CANCEL_REASONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const fillSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  price: decimal,
  amount: decimal,
  /** Value in the quote currency (price x amount). */
  value: decimal,
  fee: decimal,
  /** Whether this order was resting (maker) or arriving (taker) when it filled. */
  role: z.enum(['maker', 'taker']),
  created_at: z.string(),
});
export type Fill = z.infer<typeof fillSchema>;

/** A trade of the book as everyone sees it (also the `match_trade` event's items). */
export const publicTradeSchema = z.object({
  price: decimal,
  amount: decimal,
  /** The taker's side. */
  direction: z.enum(ORDER_SIDES),
  ts: z.number().int(),
});

/** Open or closed for trading; crypto pairs are always open. */
export const sessionSchema = z.object({
  open: z.boolean(),
  /** When a closed market opens next (epoch ms); null when open. */
  opens_at: z.number().int().nullable(),
  /** No fresh price: the maker is withdrawn and market orders are refused. */
  stale: z.boolean(),
});
export type TradingSession = z.infer<typeof sessionSchema>;

/**
 * The house market maker's published terms on a pair: it quotes `levels` price levels each side,
 * the best `spread_bps / 2` basis points either side of the feed price, each level worth about
 * `level_value` of the quote currency, and stops quoting the side that would take its inventory of
 * the base above `max_inventory`. It trades only at these quotes, through the same book as anyone.
 */
export const makerTermsSchema = z.object({
  /** Whether the maker quotes this pair now (off when disabled, stale or the market is closed). */
  active: z.boolean(),
  spread_bps: z.number().int(),
  levels: z.number().int(),
  level_value: decimal,
  max_inventory: decimal,
});
export type MakerTerms = z.infer<typeof makerTermsSchema>;

/** An IANA time zone name the JavaScript runtime knows ("Asia/Hong_Kong"). */
export const isTimeZone = (tz: string): boolean => {
  if (tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** The largest slippage limit a market order may name, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50;
/** The slippage limits the order confirmation offers before "custom", in percent. */
export const SLIPPAGE_PRESETS = ['0.5', '1'] as const;

const pairRequest = { currency_id: id('field_required'), legal_id: id('field_required') };

/**
 * Places an order. Limit: `amount` base at `target_price`. Market sell: `amount` base. Market buy:
 * `amount` is what to spend in the quote currency, rounded down to whole value units (one
 * `tick_size` x one `lot_size`), at least `min_qty` at the last price. Market orders are refused
 * while the price is stale or a stock's market is closed; limit orders may rest then. Answers once
 * the order and everything it caused (holds, fills) is committed.
 */
export const placeOrder = endpoint({
  method: 'POST',
  path: '/coin/trade',
  auth: true,
  summary: 'Place a limit or market order on the book; Idempotency-Key required',
  tags: ['trade'],
  request: z
    .object({
      ...pairRequest,
      side: z.enum(ORDER_SIDES, { error: 'field_invalid' }),
      type: z.enum(ORDER_TYPES, { error: 'field_invalid' }),
      amount: amount(),
      target_price: amount().optional(),
      time_in_force: z.enum(TIME_IN_FORCE, { error: 'field_invalid' }).default('gtc'),
      /** "1": refuse to take liquidity (cancelled instead of trading on arrival). */
      post_only: z.enum(['0', '1'], { error: 'field_invalid' }).default('0'),
      /** The user's IANA time zone, for "market closed, opens at …" (UTC when absent). */
      tz: z.string({ error: 'field_invalid' }).refine(isTimeZone, { message: 'field_invalid' }).optional(),
      /**
       * Market orders only: the most the average fill price may be worse than the last price, in
       * percent ("0.5"). Checked on the book as the order reaches it; a fill that would average
       * worse is refused whole (`slippage_exceeded`). Absent: no limit.
       */
      max_slippage: amount()
        .refine((v) => Number(v) <= MAX_SLIPPAGE_PERCENT, { error: 'slippage_out_of_range' })
        .optional(),
    })
    .superRefine((v, ctx) => {
      if (v.type === 'limit' && v.target_price === undefined) {
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['target_price'] });
      }
      if (v.type === 'limit' && v.max_slippage !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['max_slippage'] });
      }
    }),
  response: orderSchema,
});

export const cancelOrder = endpoint({
  method: 'POST',
  path: '/coin/cancel',
  auth: true,
  summary: "Cancel one of the user's resting orders; its remaining hold is released. Idempotency-Key required",
  tags: ['trade'],
  request: z.object({ id: id('field_required') }),
  response: orderSchema,
});

/** The entrust list: in progress (open, partial) or complete (filled, cancelled), newest first. */
export const orderList = endpoint({
  method: 'GET',
  path: '/coin/list',
  auth: true,
  summary: "The user's orders, in progress or complete, optionally of one pair, newest first",
  tags: ['trade'],
  request: z.object({
    state: z.enum(ENTRUST_STATES, { error: 'field_invalid' }).default('in_progress'),
    currency_id: id().optional(),
    legal_id: id().optional(),
    side: z.enum(ORDER_SIDES, { error: 'field_invalid' }).optional(),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(orderSchema),
});

export const orderDetail = endpoint({
  method: 'GET',
  path: '/coin/detail',
  auth: true,
  summary: "One of the user's orders with its fills",
  tags: ['trade'],
  request: z.object({ id: id('field_required') }),
  response: orderSchema.extend({ fills: z.array(fillSchema) }),
});

/** The book as the trade screen first paints it; live changes follow as `market_depth` and `match_trade`. */
export const orderBook = endpoint({
  method: 'GET',
  path: '/coin/book',
  auth: false,
  summary: 'A pair: rules, trading session, top 20 levels each side and the last 30 trades of the real book',
  tags: ['trade'],
  request: z.object(pairRequest),
  response: z.object({
    symbol: z.string(),
    rules: pairRulesSchema,
    session: sessionSchema,
    bids: z.array(z.tuple([decimal, decimal])),
    asks: z.array(z.tuple([decimal, decimal])),
    trades: z.array(publicTradeSchema),
    /** The house market maker's terms on this pair; absent when there is no maker. */
    maker: makerTermsSchema.optional(),
  }),
});

// ---- Back office ----

/** Bounds of the maker's settings (the same as its environment variables'). */
export const MAKER_BOUNDS = {
  minSpreadBps: 2,
  maxSpreadBps: 1000,
  maxLevels: 20,
  maxLevelValue: 1_000_000,
  maxInventory: 100_000_000,
} as const;

const onOff = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: 'field_invalid' }),
  );

export const makerSettingsSchema = z.object({
  /** Whether this server runs a maker at all (configuration); settings are kept either way. */
  available: z.boolean(),
  enabled: z.boolean(),
  spread_bps: z.number().int(),
  levels: z.number().int(),
  level_value: decimal,
  max_inventory: decimal,
  pairs: z.array(z.object({ pair_id: z.number().int(), symbol: z.string(), paused: z.boolean(), active: z.boolean() })),
});
export type MakerSettings = z.infer<typeof makerSettingsSchema>;

export const adminMakerSettings = endpoint({
  method: 'GET',
  path: '/admin/maker/settings',
  auth: 'admin',
  summary: "The house market maker's settings and each pair's state",
  tags: ['admin', 'trade'],
  request: z.object({}),
  response: makerSettingsSchema,
});

/** Spread, depth and on/off for every pair; the maker requotes on its next step. Audited. */
export const adminMakerSave = endpoint({
  method: 'POST',
  path: '/admin/maker/save',
  auth: 'admin',
  summary: "Change the house market maker's settings (audited)",
  tags: ['admin', 'trade'],
  request: z.object({
    enabled: onOff(),
    spread_bps: integer({
      min: MAKER_BOUNDS.minSpreadBps,
      max: MAKER_BOUNDS.maxSpreadBps,
      message: 'field_required',
      tooSmall: 'field_invalid',
      tooBig: 'field_invalid',
    }),
    levels: id('field_required', MAKER_BOUNDS.maxLevels),
    level_value: amount().refine((v) => Number(v) <= MAKER_BOUNDS.maxLevelValue, { error: 'field_invalid' }),
    max_inventory: amount().refine((v) => Number(v) <= MAKER_BOUNDS.maxInventory, { error: 'field_invalid' }),
  }),
  response: makerSettingsSchema,
});

/** Stops or resumes quoting one pair (its resting quotes are withdrawn on the next step). Audited. */
export const adminMakerPair = endpoint({
  method: 'POST',
  path: '/admin/maker/pair',
  auth: 'admin',
  summary: 'Pause or resume the market maker on one pair (audited)',
  tags: ['admin', 'trade'],
  request: z.object({ pair_id: id('field_required'), enabled: onOff() }),
  response: makerSettingsSchema,
});
