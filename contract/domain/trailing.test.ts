import { describe, expect, it } from 'vitest';
import { followTrailBest, trailTriggerOf, trailUnitsOf } from '../futures';
import { bpsOfPercent, priceOfTicks, ticksOf, trailTriggerTicks } from './trailing';

describe('trailing stop rule', () => {
  it('counts a price in ticks of its grid, rounded down or up, and writes ticks back plainly', () => {
    expect(ticksOf('20000', 2)).toBe(2_000_000);
    expect(ticksOf('20000.000000000000000000', 2)).toBe(2_000_000);
    expect(ticksOf('20000.019', 2)).toBe(2_000_001);
    expect(ticksOf('20000.019', 2, true)).toBe(2_000_002);
    expect(ticksOf('20000.010000', 2, true)).toBe(2_000_001);
    expect(ticksOf('0.0123', 4)).toBe(123);
    expect(ticksOf('7', 0)).toBe(7);
    expect(() => ticksOf('1e5', 2)).toThrow();
    expect(() => ticksOf('-1', 2)).toThrow();
    expect(priceOfTicks(2_000_000, 2)).toBe('20000');
    expect(priceOfTicks(2_000_050, 2)).toBe('20000.5');
    expect(priceOfTicks(123, 4)).toBe('0.0123');
    expect(priceOfTicks(7, 0)).toBe('7');
    expect(bpsOfPercent('1.25')).toBe(125);
    expect(bpsOfPercent('50')).toBe(5000);
  });

  it('trails below the best for a stop that sells and above for one that buys, rounded away from the best', () => {
    // 2 % of 10,001 ticks: 9,800.98 down to 9,800; 10,201.02 up to 10,202.
    expect(trailTriggerTicks(true, 10_001, { ticks: null, bps: 200 })).toBe(9_800);
    expect(trailTriggerTicks(false, 10_001, { ticks: null, bps: 200 })).toBe(10_202);
    expect(trailTriggerTicks(true, 10_001, { ticks: 50, bps: null })).toBe(9_951);
    expect(trailTriggerTicks(false, 10_001, { ticks: 50, bps: null })).toBe(10_051);
    // Never under one tick.
    expect(trailTriggerTicks(true, 10, { ticks: 50, bps: null })).toBe(1);
  });

  it('gives a futures trigger from the best mark: long best x (1 - p), short best + distance', () => {
    const pct = { percent: '2', distance: null };
    const dist = { percent: null, distance: '150.5' };
    expect(trailTriggerOf(1, pct, '20000', 2)).toBe('19600');
    expect(trailTriggerOf(2, pct, '20000', 2)).toBe('20400');
    expect(trailTriggerOf(1, dist, '20000', 2)).toBe('19849.5');
    expect(trailTriggerOf(2, dist, '20000', 2)).toBe('20150.5');
    // 1.25 % of 20,000.01 = 250.000125: a long's trigger 19,750.009875 rounds down, a short's
    // 20,250.010125 up.
    const odd = { percent: '1.25', distance: null };
    expect(trailTriggerOf(1, odd, '20000.01', 2)).toBe('19750');
    expect(trailTriggerOf(2, odd, '20000.01', 2)).toBe('20250.02');
    expect(trailUnitsOf(dist, 2)).toEqual({ ticks: 15_050, bps: null });
    expect(trailUnitsOf({ percent: '0.01', distance: null }, 2)).toEqual({ ticks: null, bps: 1 });
  });

  it('follows the best mark only in the position’s favour, on the grid', () => {
    expect(followTrailBest(1, '20000', '20100', 2)).toBe('20100');
    expect(followTrailBest(1, '20000', '19900', 2)).toBe('20000');
    expect(followTrailBest(2, '20000', '19900', 2)).toBe('19900');
    expect(followTrailBest(2, '20000', '20100', 2)).toBe('20000');
    // A mark off the grid counts as the tick against the position.
    expect(followTrailBest(1, '20000', '20100.019', 2)).toBe('20100.01');
    expect(followTrailBest(2, '20000', '19900.011', 2)).toBe('19900.02');
  });

  it('moves a long trigger never down and a short trigger never up along any price path', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const type of [1, 2] as const) {
      for (const trail of [
        { percent: '3.33', distance: null },
        { percent: null, distance: '12.34' },
      ]) {
        let best = '1000';
        let trigger = trailTriggerOf(type, trail, best, 2);
        for (let i = 0; i < 500; i++) {
          const mark = (500 + rnd() * 1000).toFixed(3);
          best = followTrailBest(type, best, mark, 2);
          const next = trailTriggerOf(type, trail, best, 2);
          if (type === 1) expect(Number(next)).toBeGreaterThanOrEqual(Number(trigger));
          else expect(Number(next)).toBeLessThanOrEqual(Number(trigger));
          trigger = next;
        }
      }
    }
  });
});
