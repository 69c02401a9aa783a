import { describe, expect, it } from 'vitest';
import type { Ad } from '@contract/otc';
import {
  adErrors,
  adRequest,
  countdown,
  draftOfAd,
  EMPTY_DRAFT,
  fiatAmount,
  levelLimit,
  orderActions,
  orderCeiling,
  orderStep,
  paymentWindowEnded,
  percentToRatio,
  quantityProblem,
  ratioToPercent,
  releaseMinutes,
  takerSide,
} from './otc';

const AD = { min_qty: '10', max_qty: '500', remaining: '300' };

describe('otc model', () => {
  it('fiat amount: quantity times price, half-up to 2 decimals like the server', () => {
    expect(fiatAmount('100', '7.2')).toBe('720.00');
    expect(fiatAmount('0.005', '1')).toBe('0.01');
    expect(fiatAmount('0.004', '1')).toBe('0.00');
    expect(fiatAmount('1.23456789', '65000.5')).toBe('80247.53');
    expect(fiatAmount('', '7.2')).toBeNull();
  });

  it('quantity within the minimum, the maximum and what remains', () => {
    expect(quantityProblem('abc', AD)).toBe('invalid');
    expect(quantityProblem('0', AD)).toBe('invalid');
    expect(quantityProblem('1.123456789', AD)).toBe('invalid');
    expect(quantityProblem('9.99', AD)).toBe('below_min');
    expect(quantityProblem('501', AD)).toBe('above_max');
    expect(quantityProblem('300.01', AD)).toBe('above_remaining');
    expect(quantityProblem('300', AD)).toBeNull();
    expect(orderCeiling(AD)).toBe('300');
    expect(orderCeiling({ max_qty: '50', remaining: '300' })).toBe('50');
  });

  it('level limits by identity level, clamped to the published list', () => {
    const terms = { trade_limits: ['0', '2000', '1000000'] };
    expect(levelLimit(terms, 0)).toBe('0');
    expect(levelLimit(terms, 1)).toBe('2000');
    expect(levelLimit(terms, 5)).toBe('1000000');
    expect(levelLimit({ trade_limits: [] }, 1)).toBe('0');
  });

  it('tells when the payment window has ended, by the clock or by a timeout cancel', () => {
    const order = { pay_deadline: 60_000, cancel_cause: null };
    expect(paymentWindowEnded(order, 59_999)).toBe(false);
    expect(paymentWindowEnded(order, 60_000)).toBe(true);
    expect(paymentWindowEnded({ ...order, cancel_cause: 'timeout' as const }, 0)).toBe(true);
    expect(paymentWindowEnded({ ...order, cancel_cause: 'buyer' as const }, 0)).toBe(false);
  });

  it('countdown to the payment deadline', () => {
    expect(countdown(15 * 60_000, 0)).toBe('15:00');
    expect(countdown(61_500, 0)).toBe('01:02');
    expect(countdown(3_723_000, 0)).toBe('1:02:03');
    expect(countdown(0, 5_000)).toBe('00:00');
  });

  it('steps and actions by status and side', () => {
    expect([orderStep('unpaid'), orderStep('paid'), orderStep('appeal'), orderStep('cancelled')]).toEqual([0, 1, 1, 2]);
    const o = (my_side: 'buy' | 'sell' | null, status: 'unpaid' | 'paid' | 'appeal' | 'completed') => ({
      my_side,
      status,
      appeal: null,
    });
    expect(orderActions(o('buy', 'unpaid'))).toEqual(['paid', 'cancel']);
    expect(orderActions(o('sell', 'unpaid'))).toEqual([]);
    expect(orderActions(o('buy', 'paid'))).toEqual(['appeal']);
    expect(orderActions(o('sell', 'paid'))).toEqual(['release', 'appeal']);
    expect(orderActions(o('sell', 'appeal'))).toEqual(['release']);
    expect(orderActions(o('buy', 'appeal'))).toEqual([]);
    expect(orderActions(o('buy', 'completed'))).toEqual([]);
    expect(orderActions(o(null, 'paid'))).toEqual([]);
    expect(takerSide('sell')).toBe('buy');
  });

  it('average release in whole minutes', () => {
    expect(releaseMinutes(null)).toBeNull();
    expect(releaseMinutes(5)).toBe(1);
    expect(releaseMinutes(125)).toBe(3);
  });

  it('margin percent and ratio without floating point', () => {
    expect(percentToRatio('1.5')).toBe('0.015');
    expect(percentToRatio('-2')).toBe('-0.02');
    expect(percentToRatio('')).toBe('');
    expect(ratioToPercent('0.015')).toBe('1.5');
    expect(ratioToPercent('-0.2')).toBe('-20');
  });

  it('the ad form is checked with the contract request schema', () => {
    const draft = { ...EMPTY_DRAFT, fixed_price: '7.2', total: '1000', min_qty: '10', max_qty: '500' };
    expect(adErrors(draft)).toEqual({});
    expect(adRequest(draft)).toMatchObject({ fixed_price: '7.2', methods: 'bank', window_minutes: 15 });
    expect(adErrors({ ...draft, fixed_price: '' })).toMatchObject({ fixed_price: 'field_required' });
    expect(adErrors({ ...draft, min_qty: '600' })).toMatchObject({ min_qty: 'otc_min_above_max' });
    expect(adErrors({ ...draft, max_qty: '2000' })).toMatchObject({ max_qty: 'otc_max_above_total' });
    expect(adErrors({ ...draft, methods: [] })).toMatchObject({ methods: 'field_required' });
    const margin = { ...draft, price_type: 'margin' as const, margin_percent: '25' };
    expect(adErrors(margin)).toMatchObject({ margin_percent: 'otc_margin_range' });
    expect(adRequest({ ...margin, margin_percent: '1.5' })).toMatchObject({ margin: '0.015' });
    expect(adRequest({ ...margin, margin_percent: '1.5' })).not.toHaveProperty('fixed_price');
  });

  it('an ad becomes an editable draft', () => {
    const ad = {
      id: 4,
      side: 'buy',
      coin: 'BTC',
      fiat: 'EUR',
      price_type: 'margin',
      fixed_price: null,
      margin: '-0.01',
      total: '2',
      min_qty: '0.1',
      max_qty: '1',
      methods: ['international'],
      window_minutes: 30,
      terms: 'x',
    } as unknown as Ad;
    expect(draftOfAd(ad)).toMatchObject({ id: 4, margin_percent: '-1', fixed_price: '', methods: ['international'] });
  });
});
