import type { MarketSource } from '@contract/market';
import type { Bar } from './candles';
import type { Instrument } from './catalog';
import type { Period } from './periods';

/** A trade from the feed (simulated or the exchange's public trade stream). */
export interface FeedTrade {
  kind: 'trade';
  symbol: string;
  price: string;
  amount: string;
  direction: 'buy' | 'sell';
  ts: number;
}

/** 24 h figures when the feed publishes them (the exchange does; the simulation lets us compute). */
export interface FeedTicker {
  kind: 'ticker';
  symbol: string;
  last: string;
  changePct: string;
  high: string;
  low: string;
  volume: string;
  ts: number;
}

export type FeedEvent = FeedTrade | FeedTicker;

export interface DepthBook {
  bids: [string, string][];
  asks: [string, string][];
}

/** Where market data comes from. The market service owns candles, stats, staleness and fan-out. */
export interface MarketFeed {
  readonly source: MarketSource;
  /** Whether this feed prices the instrument; others are listed with status 0 and no live data. */
  covers(inst: Instrument): boolean;
  /** Begins live data from the given last prices (symbol → price) at `now`. */
  start(emit: (e: FeedEvent) => void, lastPrices: Map<string, string>, now: number): void;
  /** Emits what is due up to `now`; a push feed (websocket) does nothing here. */
  advance(now: number): void;
  stop(): void;
  /** The latest `count` (default: all it offers) candles of `period` before the anchor, oldest first. */
  history(inst: Instrument, period: Period, anchor: { time: number; price: string }, count?: number): Promise<Bar[]>;
  /** An order book snapshot near `price`, when the feed has one. */
  depth(inst: Instrument, price: string, now: number): DepthBook;
}
