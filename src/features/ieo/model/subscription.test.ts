import { describe, expect, it } from 'vitest';
import { amountProblem, paymentOf, subscribedPercent } from './subscription';

describe('IEO subscription figures', () => {
  it('computes the payment exactly, as the server does', () => {
    expect(paymentOf('12.5', '2')).toBe('25');
    expect(paymentOf('0.33333333', '3')).toBe('0.99999999');
    expect(paymentOf('0.1', '0.2')).toBe('0.02');
    expect(paymentOf('', '2')).toBeNull();
    expect(paymentOf('abc', '2')).toBeNull();
    expect(paymentOf('0', '2')).toBeNull();
  });

  it("names the first rule a quantity breaks: decimals, then the project's minimum and maximum", () => {
    const p = { min_amount: '1', max_amount: '100' };
    expect(amountProblem('1.123456789', p)).toBe('decimals');
    expect(amountProblem('0.5', p)).toBe('min');
    expect(amountProblem('101', p)).toBe('max');
    expect(amountProblem('50', p)).toBeNull();
  });

  it('shows how far the supply is subscribed, above 100 % when oversubscribed', () => {
    expect(subscribedPercent({ applied: '150', total: '100' })).toBe('150');
    expect(subscribedPercent({ applied: '1', total: '3' })).toBe('33.33');
    expect(subscribedPercent({ applied: '0', total: '0' })).toBe('0');
  });
});
