import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from './candles';
import { CATALOG } from './catalog';
import { PairState } from './pair-state';

const DAY = 86_400_000;
const inst = CATALOG.instruments[0]!;

/**
 * The 24 h figures by definition, from every closed minute of the last day plus the open one:
 * change from the oldest bar's open, highest high, lowest low, summed volume.
 */
function direct(closed: Bar[], open: Bar | undefined, last: string, now: number) {
  const bars = [...closed.filter((b) => b.time >= now - DAY), ...(open ? [open] : [])];
  const first = bars[0];
  if (!first) return { change: '0.00', high: last, low: last, volume: '0' };
  const high = Decimal.max(...bars.map((b) => b.high));
  const low = Decimal.min(...bars.map((b) => b.low));
  const volume = bars.reduce((s, b) => s.plus(b.volume), new Decimal(0));
  const change = first.open.isZero() ? new Decimal(0) : new Decimal(last).minus(first.open).div(first.open).times(100);
  return {
    change: change.toFixed(2),
    high: high.toFixed(),
    low: low.toFixed(),
    volume: volume.toDecimalPlaces(4).toFixed(),
  };
}

const decimalString = (max: number, scale: number) =>
  fc.integer({ min: 1, max: max * 10 ** scale }).map((n) => new Decimal(n).div(10 ** scale).toFixed());

const START = Date.UTC(2031, 4, 1, 12, 0, 17);
// Gaps from a second to several hours: minutes close one by one or many at once, and over a few
// hundred trades the window both fills and empties.
const trades = fc.array(
  fc.record({
    gap: fc.oneof(fc.integer({ min: 1000, max: 90_000 }), fc.integer({ min: 0, max: 6 * 3_600_000 })),
    price: decimalString(100_000, 2),
    amount: decimalString(50, 4),
    ask: fc.boolean(),
  }),
  { minLength: 1, maxLength: 400 },
);

describe('24 h figures of a pair', () => {
  it('equal the direct computation over the last day of candles, for any trade stream', () => {
    fc.assert(
      fc.property(trades, (rows) => {
        const s = new PairState(inst, { time: START, price: '1' });
        const closed: Bar[] = [];
        let ts = START;
        for (const r of rows) {
          ts += r.gap;
          for (const c of s.onTrade({
            kind: 'trade',
            symbol: inst.symbol,
            price: r.price,
            amount: r.amount,
            direction: 'buy',
            ts,
          })) {
            if (c.period === '1min') closed.push({ ...c.bar });
          }
          if (r.ask) {
            const now = ts + 1;
            expect(s.stats(now)).toEqual(direct(closed, s.builder.open.get('1min'), s.last!, now));
          }
        }
        // Then the day goes by: the figures just before and when each candle leaves the window,
        // until only the open minute is left to count.
        const open = s.builder.open.get('1min');
        const edges = closed.flatMap((b) => [b.time + DAY - 1, b.time + DAY]).filter((t) => t >= ts);
        for (const now of [...edges, ts + DAY]) expect(s.stats(now)).toEqual(direct(closed, open, s.last!, now));
      }),
      { numRuns: 150 },
    );
  });

  it('reads the same few candles however long the pair has traded', () => {
    const s = new PairState(inst, { time: START, price: '1' });
    const cost = (now: number) => {
      const before = s.day.visited;
      s.stats(now);
      return s.day.visited - before;
    };
    let ts = START;
    const trade = (price: string) =>
      s.onTrade({ kind: 'trade', symbol: inst.symbol, price, amount: '1', direction: 'buy', ts });
    for (let i = 0; i < 10; i++, ts += 60_000) trade(String(100 + (i % 7)));
    const early = cost(ts);
    // Quoted once a minute for two days, as the ticker does (every second, in fact).
    for (let i = 0; i < 2 * 1440; i++, ts += 60_000) {
      trade(String(100 + (i % 7)));
      s.stats(ts);
    }
    expect(s.day.size).toBeGreaterThanOrEqual(1439);
    // Each quote drops what left the window since the last one (here one minute) and reads 3.
    expect(cost(ts)).toBeLessThanOrEqual(2 * early);
  });
});
