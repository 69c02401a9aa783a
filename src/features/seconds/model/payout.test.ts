import { describe, expect, test } from 'vitest';
import { checkStake, payoutOf, sanitizeStake } from './payout';
import { resultFromPrices, sortOrders } from './orders';
import type { MicroOrder } from '@contract/seconds';

describe('payout (trading-math.md, Seconds contracts)', () => {
  test('a win pays stake x (1 + ratio), the profit is stake x ratio', () => {
    expect(payoutOf('100', '0.2')).toEqual({ payout: '120', profit: '20' });
    expect(payoutOf('12.5', '0.85')).toEqual({ payout: '23.125', profit: '10.625' });
    expect(payoutOf('100', '1.2')).toEqual({ payout: '220', profit: '120' });
  });
  test('exact to 10^-18 like the server, the profit rounded down', () => {
    expect(payoutOf('0.00000001', '0.5')).toEqual({ payout: '0.000000015', profit: '0.000000005' });
    expect(payoutOf('1.23456789', '0.3')).toEqual({ payout: '1.604938257', profit: '0.370370367' });
    expect(payoutOf('0.000000000000000001', '0.5')).toEqual({ payout: '0.000000000000000001', profit: '0' });
  });
  test('no payout for an empty, zero or malformed stake', () => {
    expect(payoutOf('', '0.2')).toBeNull();
    expect(payoutOf('0', '0.2')).toBeNull();
    expect(payoutOf('abc', '0.2')).toBeNull();
  });
});

describe('stake check', () => {
  const limits = { min: '10', max: '1000' };
  test('within the limits and the balance', () => {
    expect(checkStake('10', limits, '50')).toEqual({ ok: true, stake: '10' });
    expect(checkStake('010.50', limits, '50')).toEqual({ ok: true, stake: '10.5' });
  });
  test('refusals name the limit or the balance', () => {
    expect(checkStake(' ', limits, '50')).toEqual({ ok: false, problem: 'empty' });
    expect(checkStake('1.123456789', limits, '50')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkStake('9.99', limits, '50')).toEqual({ ok: false, problem: 'below_min', min: '10' });
    expect(checkStake('1000.01', limits, '5000')).toEqual({ ok: false, problem: 'above_max', max: '1000' });
    expect(checkStake('60', limits, '50')).toEqual({ ok: false, problem: 'insufficient', available: '50' });
  });
  test('typing keeps digits and one point, at most 8 decimals', () => {
    expect(sanitizeStake('1,2a3.4.56789012345')).toBe('123.45678901');
  });
});

describe('results and order of the lists', () => {
  test('up wins above the entry, down below, equal is a tie', () => {
    expect(resultFromPrices('up', '100.5', '100.51')).toBe('win');
    expect(resultFromPrices('up', '100.5', '100.49')).toBe('loss');
    expect(resultFromPrices('down', '100.5', '100.49')).toBe('win');
    expect(resultFromPrices('down', '100.5', '100.50')).toBe('tie');
  });
  test('holding soonest expiry first, history newest settlement first', () => {
    const o = (id: number, end_at: number, settled_at: number | null) => ({
      order: { id, end_at, settled_at } as MicroOrder,
      savedAt: 0,
    });
    const rows = [o(1, 300, 301), o(2, 100, 102), o(3, 200, 205)];
    expect(sortOrders(rows, 'holding').map((r) => r.order.id)).toEqual([2, 3, 1]);
    expect(sortOrders(rows, 'history').map((r) => r.order.id)).toEqual([1, 3, 2]);
  });
});
