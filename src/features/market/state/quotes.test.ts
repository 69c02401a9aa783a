import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TickerEvent } from '@contract/market-events';
import { openDatabase, type AppDatabase } from '@/lib/db';
import type { MarketQuote } from '../model/quotes';
import { sampleQuote } from '../model/quote.fixture';
import { storeTickers } from './quotes';

let db: AppDatabase;
let n = 0;

beforeEach(async () => {
  db = openDatabase(`tickers-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const stored = (symbol: string, ts: number) => sampleQuote(1, { symbol, currency_name: symbol, ts });

const tick = (symbol: string, price: string, ts: number): TickerEvent => ({
  type: 'daymarket',
  symbol,
  now_price: price,
  change: '1.5',
  volume: '10',
  high: price,
  low: '1',
  stale: false,
  ts,
});

describe('storeTickers', () => {
  it('applies a batch to the stored pairs and leaves older ticks and unknown pairs alone', async () => {
    await db.quotes.bulkPut([stored('BTC/USDT', 100), stored('ETH/USDT', 100)]);
    await storeTickers([tick('BTC/USDT', '2', 200), tick('ETH/USDT', '3', 50), tick('XRP/USDT', '4', 200)], 7, db);

    const [btc, eth, xrp] = (await db.quotes.bulkGet(['BTC/USDT', 'ETH/USDT', 'XRP/USDT'])) as Array<
      MarketQuote | undefined
    >;
    expect(btc).toMatchObject({ price: '2', change: '1.5', volume: '10', ts: 200, updatedAt: 7 });
    expect(eth).toMatchObject({ price: '1', ts: 100, updatedAt: 0 });
    expect(xrp).toBeUndefined();
  });

  it('writes nothing for an empty batch', async () => {
    await db.quotes.put(stored('BTC/USDT', 100));
    await storeTickers([], 7, db);
    expect(await db.quotes.get('BTC/USDT')).toMatchObject({ price: '1', updatedAt: 0 });
  });
});
