import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  decimalsOf,
  estimate,
  floorToStep,
  percentOfAvailable,
  sliderAmount,
  stepPrice,
  type OrderDraft,
} from './form';

const BTC = { tick_size: '0.01', lot_size: '0.00001', min_qty: '0.0001', max_notional: '1000000' };
const AAPL = { tick_size: '0.01', lot_size: '1', min_qty: '1', max_notional: '1000000' };
const draft = (d: Partial<OrderDraft>): OrderDraft => ({ side: 'buy', type: 'limit', price: '', amount: '', ...d });

describe('ticks and lots', () => {
  it('reads the decimals of a step', () => {
    expect(decimalsOf('0.01')).toBe(2);
    expect(decimalsOf('0.00001')).toBe(5);
    expect(decimalsOf('1')).toBe(0);
    expect(decimalsOf('5')).toBe(0);
  });

  it('rounds down onto the step, written with its decimals', () => {
    expect(floorToStep('0.123456789', '0.00001')).toBe('0.12345');
    expect(floorToStep('12.5', '1')).toBe('12');
    expect(floorToStep('7', '5')).toBe('5');
    expect(floorToStep('100', '0.01')).toBe('100.00');
  });

  it('steps the price by one tick, from the last price when nothing is typed, never below a tick', () => {
    expect(stepPrice('100.00', undefined, '0.01', 1)).toBe('100.01');
    expect(stepPrice('100.00', undefined, '0.01', -1)).toBe('99.99');
    expect(stepPrice('', '64000.5', '0.01', 1)).toBe('64000.51');
    // Between ticks: onto the grid first.
    expect(stepPrice('100.005', undefined, '0.01', 1)).toBe('100.01');
    expect(stepPrice('100.005', undefined, '0.01', -1)).toBe('100.00');
    expect(stepPrice('0.01', undefined, '0.01', -1)).toBe('0.01');
    expect(stepPrice('', undefined, '0.01', 1)).toBe('');
  });
});

describe('slider', () => {
  it('turns a share of the quote balance into a quantity at the limit price, rounded down to the lot', () => {
    expect(sliderAmount(25, draft({ price: '30000' }), '1000', BTC)).toBe('0.00833');
    expect(sliderAmount(100, draft({ price: '30000' }), '1000', BTC)).toBe('0.03333');
    expect(sliderAmount(50, draft({ price: '' }), '1000', BTC)).toBe('');
  });

  it('spends a share of the quote in a market buy, and offers a share of the base in a sell', () => {
    expect(sliderAmount(75, draft({ type: 'market' }), '1000', BTC)).toBe('750');
    expect(sliderAmount(50, draft({ side: 'sell', type: 'market' }), '0.123457', BTC)).toBe('0.06172');
    expect(sliderAmount(50, draft({ side: 'sell', price: '200' }), '7', AAPL)).toBe('3');
    expect(sliderAmount(50, draft({}), '0', BTC)).toBe('');
  });

  it('places the slider where the typed amount is', () => {
    expect(percentOfAvailable(draft({ price: '100', amount: '5' }), '1000')).toBe(50);
    expect(percentOfAvailable(draft({ type: 'market', amount: '250' }), '1000')).toBe(25);
    expect(percentOfAvailable(draft({ side: 'sell', amount: '9' }), '3')).toBe(100);
    expect(percentOfAvailable(draft({ amount: 'x' }), '3')).toBe(0);
  });
});

describe('estimate', () => {
  it('is exact for a limit order and approximate at the last price for a market order', () => {
    expect(estimate(draft({ price: '30000.5', amount: '0.002' }), '1', BTC)).toEqual({
      value: '60.001',
      unit: 'quote',
      approximate: false,
    });
    expect(estimate(draft({ type: 'market', amount: '100' }), '30000', BTC)).toEqual({
      value: '0.00333',
      unit: 'base',
      approximate: true,
    });
    expect(estimate(draft({ side: 'sell', type: 'market', amount: '2' }), '150.25', AAPL)).toEqual({
      value: '300.5',
      unit: 'quote',
      approximate: true,
    });
    expect(estimate(draft({ type: 'market', amount: '100' }), undefined, BTC)).toBeNull();
  });
});

describe('checkOrder', () => {
  it('accepts a limit buy on the grid within the balance', () => {
    expect(checkOrder(draft({ price: '30000.10', amount: '0.01' }), BTC, '1000')).toEqual({
      ok: true,
      order: { side: 'buy', type: 'limit', amount: '0.01', target_price: '30000.1' },
    });
  });

  it('names the field and the rule that fails', () => {
    expect(checkOrder(draft({ price: '', amount: '1' }), BTC, '1000')).toMatchObject({
      field: 'target_price',
      problem: 'invalid',
    });
    expect(checkOrder(draft({ price: '1.005', amount: '1' }), BTC, '1000')).toMatchObject({
      problem: 'off_tick',
      step: '0.01',
    });
    expect(checkOrder(draft({ price: '1', amount: '0.000015' }), BTC, '1000')).toMatchObject({
      problem: 'off_lot',
      step: '0.00001',
    });
    expect(checkOrder(draft({ price: '1', amount: '0.00005' }), BTC, '1000')).toMatchObject({
      problem: 'below_min',
      min: '0.0001',
    });
    expect(checkOrder(draft({ price: '100', amount: '1.5' }), AAPL, '1000')).toMatchObject({ problem: 'off_lot' });
    expect(checkOrder(draft({ price: '100', amount: '20000' }), AAPL, '1e9')).toMatchObject({
      problem: 'above_max',
      max: '1000000',
    });
    expect(checkOrder(draft({ price: '30000', amount: '0.1' }), BTC, '1000')).toMatchObject({
      problem: 'insufficient',
      available: '1000',
    });
    expect(checkOrder(draft({ side: 'sell', type: 'market', amount: '2' }), AAPL, '1')).toMatchObject({
      problem: 'insufficient',
    });
  });

  it('takes a market buy amount as the quote to spend, without lot or minimum', () => {
    expect(checkOrder(draft({ type: 'market', price: 'ignored', amount: '10.5' }), BTC, '100')).toEqual({
      ok: true,
      order: { side: 'buy', type: 'market', amount: '10.5' },
    });
    expect(checkOrder(draft({ type: 'market', amount: '101' }), BTC, '100')).toMatchObject({ problem: 'insufficient' });
    expect(checkOrder(draft({ type: 'market', amount: '0' }), BTC, '100')).toMatchObject({ problem: 'invalid' });
  });
});

describe('typing', () => {
  it('keeps digits and one point, at most 10 decimals', async () => {
    const { sanitizeNumber } = await import('./input');
    expect(sanitizeNumber('1,234.5x6')).toBe('1234.56');
    expect(sanitizeNumber('1.2.3')).toBe('1.23');
    expect(sanitizeNumber('0.123456789012')).toBe('0.1234567890');
  });
});
