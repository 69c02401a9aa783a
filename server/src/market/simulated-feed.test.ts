import { describe, expect, it } from 'vitest';
import { CATALOG, instrumentBySymbol } from './catalog';
import type { FeedEvent } from './feed';
import { createSimulatedFeed } from './simulated-feed';
import { syntheticHistory } from './synthetic';

/** Monday 5 January 2026, 10:00 in New York: crypto and stocks both trade. */
const T0 = Date.UTC(2026, 0, 5, 15, 0, 0);

function run(seed: number, times: number[]) {
  const feed = createSimulatedFeed(seed);
  const events: FeedEvent[] = [];
  feed.start((e) => events.push(e), new Map(), T0);
  for (const t of times) feed.advance(t);
  // Per instrument the order is by time; across instruments it depends on how time was sliced.
  return events.sort((x, y) => x.ts - y.ts || x.symbol.localeCompare(y.symbol));
}

describe('simulated feed', () => {
  it('is deterministic for a seed, however the time is sliced', () => {
    const a = run(42, [T0 + 30_000]);
    const b = run(42, [T0 + 1_500, T0 + 9_999, T0 + 20_000, T0 + 30_000]);
    expect(a).toEqual(b);
    expect(a).toHaveLength(30 * CATALOG.instruments.length);
    expect(run(43, [T0 + 30_000])).not.toEqual(a);
  });

  it('pauses stocks outside the NYSE session while crypto keeps trading', () => {
    // Monday 5 January 2026, 20:59:50 UTC: ten seconds before the 16:00 close in New York.
    const close = Date.UTC(2026, 0, 5, 21, 0, 0);
    const feed = createSimulatedFeed(7);
    const events: FeedEvent[] = [];
    feed.start((e) => events.push(e), new Map(), close - 10_000);
    for (let t = close - 9_000; t <= close + 10_000; t += 1000) feed.advance(t);
    const apple = events.filter((e) => e.symbol === 'AAPL/USD');
    const btc = events.filter((e) => e.symbol === 'BTC/USDT');
    expect(apple.map((e) => e.ts)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1].map((s) => close - s * 1000));
    expect(btc).toHaveLength(20);
  });

  it('trades every instrument once a second on whole seconds, prices at their precision', () => {
    const events = run(1, [T0 + 5_000]);
    const btc = events.filter((e) => e.symbol === 'BTC/USDT');
    expect(btc.map((e) => e.ts)).toEqual([1, 2, 3, 4, 5].map((s) => T0 + s * 1000));
    for (const e of events) {
      if (e.kind !== 'trade') throw new Error('trades only');
      const inst = instrumentBySymbol.get(e.symbol)!;
      expect(e.price).toMatch(new RegExp(`^\\d+(\\.\\d{1,${inst.priceDecimals}})?$`));
      expect(Number(e.amount)).toBeGreaterThan(0);
    }
  });

  it('moves with roughly the configured volatility', () => {
    const hours = 6;
    const events = run(9, [T0 + hours * 3_600_000]).filter((e) => e.symbol === 'BTC/USDT');
    const logs = events.map((e) => Math.log(Number(e.kind === 'trade' ? e.price : 0)));
    const rets = logs.slice(1).map((l, i) => l - logs[i]!);
    const sd = Math.sqrt(rets.reduce((s, r) => s + r * r, 0) / rets.length);
    const annual = sd * Math.sqrt(365 * 86_400);
    expect(annual).toBeGreaterThan(0.45);
    expect(annual).toBeLessThan(0.65);
  });

  it('has history for every period that ends where live data starts', () => {
    const inst = instrumentBySymbol.get('ETH/USDT')!;
    const anchor = { time: T0, price: '3400' };
    const day = syntheticHistory(inst, '1day', 5, anchor);
    expect(day).toHaveLength(365);
    expect(day.at(-1)!.time).toBe(Date.UTC(2026, 0, 4));
    expect(day.at(-1)!.close.toFixed()).toBe('3400');
    expect(syntheticHistory(inst, '1day', 5, anchor)).toEqual(day);
    for (const b of day) {
      expect(b.high.gte(b.open) && b.high.gte(b.close) && b.low.lte(b.open) && b.low.lte(b.close)).toBe(true);
    }
    const months = syntheticHistory(inst, '1mon', 5, anchor);
    expect(new Date(months.at(-1)!.time).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  it('gives a depth book around the price, bids below and asks above', () => {
    const feed = createSimulatedFeed(3);
    const book = feed.depth(instrumentBySymbol.get('BTC/USDT')!, '97000', T0);
    expect(book.bids).toHaveLength(20);
    expect(Number(book.bids[0]![0])).toBeLessThan(97000);
    expect(Number(book.asks[0]![0])).toBeGreaterThan(97000);
    expect(Number(book.asks[1]![0])).toBeGreaterThan(Number(book.asks[0]![0]));
  });
});
