import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCandle } from './candles';
import { backoffDelay, createBinanceFeed, type SocketLike } from './binance-feed';
import { parseKlines, parseStreamMessage } from './binance-format';
import { instrumentBySymbol } from './catalog';
import type { FeedEvent } from './feed';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const symbols = new Map([
  ['BTCUSDT', 'BTC/USDT'],
  ['ETHUSDT', 'ETH/USDT'],
]);

describe('Binance message formats', () => {
  it('reads a trade: price, quantity, trade time, and the aggressor side from `m`', () => {
    expect(parseStreamMessage(fixture('binance-trade.json'), symbols)).toEqual({
      kind: 'trade',
      symbol: 'BTC/USDT',
      price: '97123.45',
      amount: '0.01234',
      direction: 'sell',
      ts: 1732180000120,
    });
  });

  it('reads a 24 h ticker', () => {
    expect(parseStreamMessage(fixture('binance-ticker.json'), symbols)).toEqual({
      kind: 'ticker',
      symbol: 'ETH/USDT',
      last: '3378.8',
      changePct: '-1.205',
      high: '3455',
      low: '3350.1',
      volume: '301234.5678',
      ts: 1732180000500,
    });
  });

  it('ignores other symbols, other events and garbage', () => {
    const other = fixture('binance-trade.json').replace('BTCUSDT', 'XYZUSDT');
    expect(parseStreamMessage(other, symbols)).toBeNull();
    expect(parseStreamMessage('{"result":null,"id":1}', symbols)).toBeNull();
    expect(parseStreamMessage('not json', symbols)).toBeNull();
    expect(parseStreamMessage('{"data":{"e":"trade","s":"BTCUSDT","p":"abc"}}', symbols)).toBeNull();
  });

  it('reads klines rows', () => {
    const bars = parseKlines(JSON.parse(fixture('binance-klines.json')));
    expect(bars.map(toCandle)).toEqual([
      { time: 1732176000000, open: '97000', high: '97150.1', low: '96950', close: '97100.01', volume: '123.456' },
      { time: 1732176060000, open: '97100.01', high: '97200', low: '97080', close: '97190.5', volume: '98.765' },
    ]);
    expect(() => parseKlines({ code: -1121, msg: 'Invalid symbol.' })).toThrow();
  });
});

class FakeSocket extends EventEmitter implements SocketLike {
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
    this.emit('close');
  }
}

describe('Binance feed connection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('subscribes to trade and ticker streams of the covered pairs only', () => {
    const sockets: FakeSocket[] = [];
    const feed = createBinanceFeed({ connect: (url) => (sockets.push(new FakeSocket(url)), sockets.at(-1)!) });
    const events: FeedEvent[] = [];
    feed.start((e) => events.push(e), new Map(), 0);
    expect(sockets[0]!.url).toContain('/stream?streams=btcusdt@trade/btcusdt@ticker/ethusdt@trade');
    expect(feed.covers(instrumentBySymbol.get('BTC/USDT')!)).toBe(true);
    expect(feed.covers(instrumentBySymbol.get('AAPL/USD')!)).toBe(false);
    sockets[0]!.emit('message', Buffer.from(fixture('binance-trade.json')));
    expect(events).toHaveLength(1);
    feed.stop();
  });

  it('reconnects with exponential backoff, capped, and resets it once connected', () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const feed = createBinanceFeed({
      connect: (url) => (sockets.push(new FakeSocket(url)), sockets.at(-1)!),
      baseDelayMs: 1000,
      maxDelayMs: 8000,
    });
    feed.start(() => undefined, new Map(), 0);
    const failAndWait = (ms: number) => {
      sockets.at(-1)!.emit('error');
      sockets.at(-1)!.emit('close');
      vi.advanceTimersByTime(ms - 1);
      const before = sockets.length;
      vi.advanceTimersByTime(1);
      return sockets.length - before;
    };
    expect(failAndWait(1000)).toBe(1);
    expect(failAndWait(2000)).toBe(1);
    expect(failAndWait(4000)).toBe(1);
    expect(failAndWait(8000)).toBe(1);
    expect(failAndWait(8000)).toBe(1);
    sockets.at(-1)!.emit('open');
    expect(failAndWait(1000)).toBe(1);
    expect(feed.attempts).toBe(7);
    feed.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(7);
    expect(backoffDelay(20)).toBe(60_000);
  });

  it('fetches history from the klines endpoint, ending before the live data', async () => {
    const calls: string[] = [];
    const fetchStub = (async (url: string) => {
      calls.push(url);
      return new Response(fixture('binance-klines.json'), { status: 200 });
    }) as unknown as typeof fetch;
    const feed = createBinanceFeed({ fetch: fetchStub, connect: (url) => new FakeSocket(url) });
    const bars = await feed.history(instrumentBySymbol.get('BTC/USDT')!, '60min', { time: 1732180000000, price: '1' });
    expect(bars).toHaveLength(2);
    expect(calls[0]).toBe(
      'https://api.binance.com/api/v3/klines?symbol=BTCUSDT&interval=1h&endTime=1732179599999&limit=500',
    );
  });
});
