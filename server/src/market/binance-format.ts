import Decimal from 'decimal.js';
import type { Bar } from './candles';
import type { FeedEvent } from './feed';
import type { Period } from './periods';

/**
 * Binance public market data formats (spot API docs: "Kline/Candlestick data" and the websocket
 * "Trade Streams" and "Individual Symbol Ticker Streams" through a combined stream).
 */
export const BINANCE_INTERVALS: Record<Period, string> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1h',
  '1day': '1d',
  '1week': '1w',
  '1mon': '1M',
};

const plain = (v: unknown) => new Decimal(String(v)).toFixed();

/** `/api/v3/klines` rows: [openTime, open, high, low, close, volume, closeTime, ...]. */
export function parseKlines(body: unknown): Bar[] {
  if (!Array.isArray(body)) throw new Error('klines: expected an array');
  return body.map((row: unknown) => {
    if (!Array.isArray(row) || row.length < 6 || typeof row[0] !== 'number') throw new Error('klines: bad row');
    const [time, open, high, low, close, volume] = row as [number, string, string, string, string, string];
    return {
      time,
      open: new Decimal(open),
      high: new Decimal(high),
      low: new Decimal(low),
      close: new Decimal(close),
      volume: new Decimal(volume),
    };
  });
}

/**
 * One combined-stream message `{stream, data}` as a feed event, or null for anything else
 * (other event types, malformed JSON). `symbols` maps "BTCUSDT" to our "BTC/USDT".
 */
export function parseStreamMessage(raw: string, symbols: Map<string, string>): FeedEvent | null {
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return null;
  }
  const data = (msg as { data?: Record<string, unknown> } | null)?.data;
  if (!data || typeof data !== 'object') return null;
  const symbol = symbols.get(String(data.s));
  if (!symbol) return null;
  try {
    if (data.e === 'trade') {
      // `m`: the buyer was the maker, so the aggressor sold.
      return {
        kind: 'trade',
        symbol,
        price: plain(data.p),
        amount: plain(data.q),
        direction: data.m === true ? 'sell' : 'buy',
        ts: Number(data.T),
      };
    }
    if (data.e === '24hrTicker') {
      return {
        kind: 'ticker',
        symbol,
        last: plain(data.c),
        changePct: plain(data.P),
        high: plain(data.h),
        low: plain(data.l),
        volume: plain(data.v),
        ts: Number(data.E),
      };
    }
  } catch {
    return null;
  }
  return null;
}
