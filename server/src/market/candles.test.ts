import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandleBuilder, toCandle, type TickIn } from './candles';
import { bucketStart, PERIODS, shiftBucket, type Period } from './periods';

/** The definition, computed directly: group by bucket, first/max/min/last/sum. */
function direct(ticks: TickIn[], period: Period) {
  const groups = new Map<number, TickIn[]>();
  for (const t of ticks) {
    const k = bucketStart(period, t.ts);
    groups.set(k, [...(groups.get(k) ?? []), t]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([time, g]) => ({
      time,
      open: new Decimal(g[0]!.price).toFixed(),
      high: Decimal.max(...g.map((t) => t.price)).toFixed(),
      low: Decimal.min(...g.map((t) => t.price)).toFixed(),
      close: new Decimal(g[g.length - 1]!.price).toFixed(),
      volume: g.reduce((s, t) => s.plus(t.amount), new Decimal(0)).toFixed(),
    }));
}

const decimalString = (max: number, scale: number) =>
  fc.integer({ min: 1, max: max * 10 ** scale }).map((n) => new Decimal(n).div(10 ** scale).toFixed());

const START = Date.UTC(2025, 0, 27, 23, 58);
const tickStream = fc
  .array(
    fc.record({
      // Gaps from 0 ms up to 40 days, so minutes, days, weeks and months all roll over.
      gap: fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 40 * 86_400_000 })),
      price: decimalString(100_000, 8),
      amount: decimalString(1_000, 4),
    }),
    { minLength: 1, maxLength: 200 },
  )
  .map((rows) => {
    let ts = START;
    return rows.map((r) => ({ price: r.price, amount: r.amount, ts: (ts += r.gap) }));
  });

describe('candle aggregation', () => {
  it('equals the direct computation for every period, for any tick stream', () => {
    fc.assert(
      fc.property(tickStream, (ticks) => {
        const builder = new CandleBuilder();
        const built = new Map<Period, ReturnType<typeof toCandle>[]>(PERIODS.map((p) => [p, []]));
        for (const t of ticks) {
          for (const c of builder.apply(t)) built.get(c.period)!.push(toCandle(c.bar));
        }
        for (const period of PERIODS) {
          const all = [...built.get(period)!, toCandle(builder.open.get(period)!)];
          expect(all).toEqual(direct(ticks, period));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('ignores a tick older than the open candle instead of rewriting history', () => {
    const b = new CandleBuilder();
    b.apply({ price: '10', amount: '1', ts: 120_000 });
    b.apply({ price: '99', amount: '5', ts: 30_000 });
    expect(toCandle(b.open.get('1min')!)).toMatchObject({ time: 120_000, high: '10', volume: '1' });
  });
});

describe('periods', () => {
  it('starts weeks on Monday and months on the 1st, in UTC', () => {
    const t = Date.UTC(2025, 6, 17, 15, 4, 5); // a Thursday
    expect(new Date(bucketStart('1week', t)).toISOString()).toBe('2025-07-14T00:00:00.000Z');
    expect(new Date(bucketStart('1mon', t)).toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(new Date(bucketStart('60min', t)).toISOString()).toBe('2025-07-17T15:00:00.000Z');
    expect(new Date(shiftBucket('1mon', Date.UTC(2025, 0, 1), -2)).toISOString()).toBe('2024-11-01T00:00:00.000Z');
  });
});
