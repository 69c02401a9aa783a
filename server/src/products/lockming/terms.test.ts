import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@contract/lockming';
import {
  dayOf,
  drawRate,
  earlyRedemption,
  expectedRange,
  lockSpan,
  rateForOrder,
  remainingDays,
  RATE_STEPS,
} from './terms';

const DAY0 = Date.UTC(2031, 0, 10);

describe('lock mining terms', () => {
  it('SPEC.md section 9: 10,000 USDT for 5 days at 0.3 %-0.4 % a day gives 150-200', () => {
    const r = expectedRange('10000', '0.003', '0.004', 5);
    expect([r.min.toFixed(), r.max.toFixed()]).toEqual(['150', '200']);
  });

  it('SPEC.md section 9: penalty 0.4 % x 3 remaining days x 1000 is 12, refund 988', () => {
    const r = earlyRedemption('1000', '0.004', 3);
    expect([r.penalty.toFixed(), r.refund.toFixed()]).toEqual(['12', '988']);
  });

  it('the penalty never exceeds the principal', () => {
    const r = earlyRedemption('100', '0.5', 30);
    expect([r.penalty.toFixed(), r.refund.toFixed()]).toEqual(['100', '0']);
  });

  it('interest days start the day after the deposit; the lock ends after the last one', () => {
    const at = new Date(DAY0 + 15 * 3_600_000);
    const span = lockSpan(at, 5);
    expect(span.firstDay).toBe(dayOf(DAY0) + 1);
    expect(span.lastDay).toBe(dayOf(DAY0) + 5);
    expect(span.endAt.getTime()).toBe(DAY0 + 6 * DAY_MS);
  });

  it('remaining days are the whole days left to the end date', () => {
    const last = dayOf(DAY0) + 5;
    expect(remainingDays(last, new Date(DAY0 + 1000))).toBe(5);
    expect(remainingDays(last, new Date(DAY0 + 2 * DAY_MS + 1000))).toBe(3);
    expect(remainingDays(last, new Date(DAY0 + 5 * DAY_MS + 1000))).toBe(0);
    expect(remainingDays(last, new Date(DAY0 + 9 * DAY_MS))).toBe(0);
  });

  it('draws rates inside the range on its grid, and the ends of the grid are the ends of the range', () => {
    expect(drawRate('0.003', '0.004', () => 0)).toBe('0.003');
    expect(drawRate('0.003', '0.004', () => RATE_STEPS)).toBe('0.004');
    expect(drawRate('0.003', '0.004', () => RATE_STEPS / 2)).toBe('0.0035');
    expect(() => drawRate('0.003', '0.004', () => RATE_STEPS + 1)).toThrow();
    for (let i = 0; i < 200; i++) {
      const r = Number(drawRate('0.003', '0.004'));
      expect(r).toBeGreaterThanOrEqual(0.003);
      expect(r).toBeLessThanOrEqual(0.004);
    }
  });

  it('pays the published rate kept inside the order range, else the minimum', () => {
    expect(rateForOrder('0.0035', '0.003', '0.004').toFixed()).toBe('0.0035');
    expect(rateForOrder('0.009', '0.003', '0.004').toFixed()).toBe('0.004');
    expect(rateForOrder('0.001', '0.003', '0.004').toFixed()).toBe('0.003');
    expect(rateForOrder(undefined, '0.003', '0.004').toFixed()).toBe('0.003');
  });
});
