import { z } from 'zod';

/**
 * Live market events over socket.io (same origin, path /socket.io). The event name is the
 * payload `type`, as in the original product. Decimal values travel as strings (money is never
 * a float); times are epoch milliseconds.
 *
 * Client → server: `subscribe` / `unsubscribe` with `{symbol, streams: Stream[], period?}`;
 * `login` with `{token}` joins the private room of that user (orders, positions: later issues).
 * Rooms: `<stream>:<symbol>` (kline: `kline:<symbol>:<period>`), `user:<id>`.
 */
export const STREAMS = ['daymarket', 'kline', 'market_depth', 'match_trade'] as const;
export type Stream = (typeof STREAMS)[number];

export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const tickerEvent = z.object({
  type: z.literal('daymarket'),
  symbol: z.string(),
  now_price: decimal,
  /** 24 h change in percent, e.g. "-1.25". */
  change: decimal,
  volume: decimal,
  high: decimal,
  low: decimal,
  /** True when the feed has not ticked within the stale threshold. */
  stale: z.boolean(),
  ts: z.number().int(),
});

export const klineEvent = z.object({
  type: z.literal('kline'),
  symbol: z.string(),
  period: z.enum(PERIODS),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
  /** Start of the candle. */
  time: z.number().int(),
});

export const depthEvent = z.object({
  type: z.literal('market_depth'),
  symbol: z.string(),
  bids: z.array(z.tuple([decimal, decimal])),
  asks: z.array(z.tuple([decimal, decimal])),
  ts: z.number().int(),
});

export const tradeEvent = z.object({
  type: z.literal('match_trade'),
  symbol: z.string(),
  price: decimal,
  amount: decimal,
  direction: z.enum(['buy', 'sell']),
  ts: z.number().int(),
});

export const subscribeMessage = z.object({
  symbol: z.string().min(1).max(32),
  streams: z.array(z.enum(STREAMS)).min(1),
  period: z.enum(PERIODS).optional(),
});

export type TickerEvent = z.infer<typeof tickerEvent>;
export type KlineEvent = z.infer<typeof klineEvent>;
export type DepthEvent = z.infer<typeof depthEvent>;
export type TradeEvent = z.infer<typeof tradeEvent>;
export type MarketEvent = TickerEvent | KlineEvent | DepthEvent | TradeEvent;
export type SubscribeMessage = z.infer<typeof subscribeMessage>;
