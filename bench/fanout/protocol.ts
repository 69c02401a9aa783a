import type { TickerEvent } from '../../contract/market-events';

/** 20 pairs, as in the issue; clients spread over them round-robin. */
export const PAIRS = [
  'BTC',
  'ETH',
  'BNB',
  'SOL',
  'XRP',
  'ADA',
  'DOGE',
  'TRX',
  'DOT',
  'LTC',
  'LINK',
  'AVAX',
  'MATIC',
  'BCH',
  'ATOM',
  'XLM',
  'ETC',
  'FIL',
  'UNI',
  'NEAR',
].map((c) => `${c}/USDT`);

/** A ticker plus its send time in high-resolution epoch milliseconds. */
export type BenchTicker = TickerEvent & { sent: number };

export type ToServer = { cmd: 'mem' } | { cmd: 'publish'; seconds: number; warmupMs: number };
export type FromServer =
  | { ready: string }
  | { mem: { heapUsed: number; rss: number } }
  /** Tickers published per pair (in PAIRS order) after the warm-up, and when counting began. */
  | { done: { published: number[]; countFrom: number } };
