import { describe, expect, it } from 'vitest';
import { amountProblem, earlyRedemption, expectedRange, lockDates, ratePercent } from './terms';

describe('lock mining figures on screen', () => {
  it('SPEC.md section 9: 10,000 for 5 days at 0.3 %-0.4 % expects 150-200', () => {
    expect(expectedRange('10000', '0.003', '0.004', 5)).toEqual({ min: '150', max: '200' });
    expect(expectedRange('abc', '0.003', '0.004', 5)).toBeNull();
  });

  it('SPEC.md section 9: 0.4 %, 3 days left, 1000 costs 12 and refunds 988', () => {
    expect(earlyRedemption('1000', '0.004', 3)).toEqual({ penalty: '12', refund: '988' });
    expect(earlyRedemption('100', '0.5', 3)).toEqual({ penalty: '100', refund: '0' });
  });

  it('rates as percentages, problems of an amount, dates of the lock', () => {
    expect(ratePercent('0.0035')).toBe('0.35%');
    expect(amountProblem('99', '100', '500')).toBe('minimum');
    expect(amountProblem('600', '100', '500')).toBe('balance');
    expect(amountProblem('200', '100', undefined)).toBeNull();
    const day = 86_400_000;
    expect(lockDates(10 * day + 5, 5)).toEqual({ startAt: 11 * day, endAt: 16 * day });
  });
});
