import { z } from 'zod';
import { endpoint } from './define';
import { PERIODS } from './market-events';
import { requiredString } from './domain/rules';
import { decimal as wireDecimal, epochMs as wireEpochMs, id as wireId } from './domain/wire';
import { pairRulesSchema } from './pair-rules';

/**
 * Market data over REST: instruments, quotes, candles, favorites and the fiat table. Prices and
 * amounts are decimal strings; times are epoch milliseconds unless named `*_at` (ISO 8601).
 * Live updates of the same figures travel over socket.io (contract/market-events.ts).
 */

const decimal = wireDecimal();

/** `simulated`: demo data from a seeded process (the UI must say so); `binance`: Binance public data. */
export const MARKET_SOURCES = ['simulated', 'binance'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

export const CURRENCY_TYPES = ['crypto', 'fiat', 'stock'] as const;
export type CurrencyType = (typeof CURRENCY_TYPES)[number];

export const currencySchema = z.object({
  id: z.number().int(),
  /** Ticker, e.g. "BTC", "AAPL". */
  name: z.string(),
  /** Full name, e.g. "Bitcoin", "Apple Inc.". */
  subName: z.string(),
  type: z.enum(CURRENCY_TYPES),
  /** 1 listed, 0 delisted or without a live feed. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** Same-origin path of the icon (SVG). */
  image: z.string(),
  /** Deposit networks (USDT: ERC20 and TRC20); empty for stocks and fiat. */
  networks: z.array(z.string()),
  /** Display precision of amounts. */
  decimals: z.number().int(),
});
export type Currency = z.infer<typeof currencySchema>;

/** One tradable pair with its latest 24 h figures (the original's quotation item). */
export const pairQuoteSchema = z.object({
  /** The pair id (`match_id` in trading calls). */
  id: z.number().int(),
  /** "BTC/USDT", "AAPL/USD". */
  symbol: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  legal_id: z.number().int(),
  legal_name: z.string(),
  kind: z.enum(['spot', 'stock']),
  now_price: decimal,
  /** 24 h change in percent, e.g. "-1.25". */
  change: decimal,
  high: decimal,
  low: decimal,
  /** 24 h volume in the base currency. */
  volume: decimal,
  logo: z.string(),
  /** Futures (lever) trading allowed on this pair. */
  open_lever: z.boolean(),
  /** Seconds contracts allowed on this pair. */
  open_microtrade: z.boolean(),
  /** Decimal places of the price. */
  price_decimals: z.number().int(),
  source: z.enum(MARKET_SOURCES),
  /** No tick within the stale threshold: the price is the last known one, not live. */
  stale: z.boolean(),
  /** Time of the last tick (0 before the first). */
  ts: z.number().int(),
  /** The pair's market is in session (crypto always; stocks during NYSE regular hours). */
  market_open: z.boolean(),
  /** When a closed market opens next (epoch ms); null while open. */
  opens_at: z.number().int().nullable(),
  /** Trading rules of the pair's order book (tick, lot, minimum, fee). */
  ...pairRulesSchema.shape,
});
export type PairQuote = z.infer<typeof pairQuoteSchema>;

export const quotationGroupSchema = z.object({
  legal_id: z.number().int(),
  legal_name: z.string(),
  quotation: z.array(pairQuoteSchema),
});

export const candleSchema = z.object({
  open: decimal,
  close: decimal,
  high: decimal,
  low: decimal,
  volume: decimal,
  /** Start of the candle. */
  time: z.number().int(),
});
export type Candle = z.infer<typeof candleSchema>;

/** Most candles one `/currency/new_timeshar` reply carries; longer ranges return the latest ones. */
export const MAX_CANDLES = 1000;

const id = wireId;
const epochMs = wireEpochMs();

export const currencyList = endpoint({
  method: 'GET',
  path: '/currency/list',
  auth: false,
  summary: 'Listed currencies (coins, quote fiat, stocks); optionally one type',
  tags: ['market'],
  request: z.object({ type: z.enum(CURRENCY_TYPES, { error: 'field_invalid' }).optional() }),
  response: z.array(currencySchema),
});

export const quotationNew = endpoint({
  method: 'GET',
  path: '/currency/quotation_new',
  auth: false,
  summary: 'Quotes grouped by quote currency (USDT spot pairs, USD stocks)',
  tags: ['market'],
  request: z.object({}),
  response: z.array(quotationGroupSchema),
});

export const marketSearch = endpoint({
  method: 'GET',
  path: '/currency/search',
  auth: false,
  summary: 'Pairs whose ticker or name contains the keyword (case-insensitive), at most 50',
  tags: ['market'],
  request: z.object({ keyword: requiredString() }),
  response: z.array(pairQuoteSchema),
});

export const hotSearch = endpoint({
  method: 'GET',
  path: '/currency/hot_search',
  auth: false,
  summary: 'The 8 pairs with the highest 24 h traded value (quote currency)',
  tags: ['market'],
  request: z.object({}),
  response: z.array(pairQuoteSchema),
});

/** One pair's quote with a depth snapshot and recent trades (the pair page's first paint). */
export const marketDetail = endpoint({
  method: 'GET',
  path: '/currency/detail',
  auth: false,
  summary: 'A pair: quote, top 20 depth levels each side, the last 30 trades',
  tags: ['market'],
  request: z.object({ symbol: requiredString() }),
  response: z.object({
    quote: pairQuoteSchema,
    bids: z.array(z.tuple([decimal, decimal])),
    asks: z.array(z.tuple([decimal, decimal])),
    trades: z.array(
      z.object({ price: decimal, amount: decimal, direction: z.enum(['buy', 'sell']), ts: z.number().int() }),
    ),
  }),
});

/**
 * Candles of `symbol` ("BTC/USDT") whose start lies in [from, to] (epoch ms), oldest first. More
 * than MAX_CANDLES in range: the latest MAX_CANDLES. Unknown symbol, bad period or from > to:
 * `field_invalid` on that field.
 */
export const newTimeshar = endpoint({
  method: 'GET',
  path: '/currency/new_timeshar',
  auth: false,
  summary: `Candles for a pair and period, oldest first, at most ${MAX_CANDLES}`,
  tags: ['market'],
  request: z.object({
    symbol: requiredString(),
    period: z.enum(PERIODS, { error: 'field_invalid' }),
    from: epochMs,
    to: epochMs,
  }),
  response: z.array(candleSchema),
});

export const favoriteSchema = z.object({
  /** The favorite's own id (accepted by `/optional/del` as `id`). */
  id: z.number().int(),
  currency_id: z.number().int(),
  created_at: z.string(),
  /** The pair of that currency; null if it was delisted. */
  quote: pairQuoteSchema.nullable(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** Idempotent: adding a favorite that exists returns it unchanged. */
export const optionalAdd = endpoint({
  method: 'POST',
  path: '/optional/add',
  auth: true,
  summary: 'Star a currency (the base currency of a pair); repeating it changes nothing',
  tags: ['market'],
  request: z.object({ currency_id: id('field_required') }),
  response: favoriteSchema,
});

/** Idempotent: removing a favorite that does not exist answers ok with `removed: false`. */
export const optionalDel = endpoint({
  method: 'POST',
  path: '/optional/del',
  auth: true,
  summary: 'Unstar by currency_id or by favorite id; repeating it changes nothing',
  tags: ['market'],
  request: z
    .object({ currency_id: id().optional(), id: id().optional() })
    .refine((v) => v.currency_id !== undefined || v.id !== undefined, {
      error: 'field_required',
      path: ['currency_id'],
    }),
  response: z.object({ removed: z.boolean() }),
});

export const optionalList = endpoint({
  method: 'GET',
  path: '/optional/list',
  auth: true,
  summary: "The signed-in user's favorites, oldest first",
  tags: ['market'],
  request: z.object({}),
  response: z.array(favoriteSchema),
});

export const FIAT_CODES = ['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;
export type FiatCode = (typeof FIAT_CODES)[number];

/** Units of each currency per US dollar; `source` says whether they are fresh or the shipped table. */
export const fiatRates = endpoint({
  method: 'GET',
  path: '/fiat/rates',
  auth: false,
  summary: 'Fiat exchange rates per USD (refreshed daily; shipped fallback when the source is down)',
  tags: ['market'],
  request: z.object({}),
  response: z.object({
    rates: z.array(z.object({ currency_code: z.enum(FIAT_CODES), rate: decimal })),
    /** When these rates were published. */
    as_of: z.string(),
    source: z.enum(['live', 'fallback']),
  }),
});
