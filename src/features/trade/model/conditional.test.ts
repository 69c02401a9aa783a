import { describe, expect, it } from 'vitest';
import { MAX_TRAIL_PERCENT } from '@contract/conditional';
import { plainDraft, stopPreview, trailPercentOk, trailTrigger, type FormDraft } from './conditional';
import { stopProblemMessage } from './conditionalLabels';
import { checkStop, heldNow } from './stopCheck';

const BTC = { tick_size: '0.01', lot_size: '0.00001', min_qty: '0.0001', max_notional: '1000000' };
const draft = (d: Partial<FormDraft>): FormDraft => ({
  side: 'buy',
  type: 'stop_limit',
  price: '',
  amount: '',
  trigger: '',
  trailMode: 'percent',
  trail: '',
  limitPrice: '',
  ...d,
});

describe('a trailing stop trigger, as the server computes it in ticks', () => {
  it('trails a sell below the best price and a buy above it, by a percentage', () => {
    expect(trailTrigger('sell', '100000', 'percent', '1.5', '0.01')).toBe('98500.00');
    expect(trailTrigger('buy', '100000', 'percent', '1.5', '0.01')).toBe('101500.00');
  });

  it('rounds a sell down and a buy up onto the tick', () => {
    // 10003 ticks x 0.99 = 9902.97 ticks; x 1.01 = 10103.03 ticks.
    expect(trailTrigger('sell', '100.03', 'percent', '1', '0.01')).toBe('99.02');
    expect(trailTrigger('buy', '100.03', 'percent', '1', '0.01')).toBe('101.04');
  });

  it('trails by a price distance, never below one tick', () => {
    expect(trailTrigger('sell', '100.00', 'price', '5', '0.01')).toBe('95.00');
    expect(trailTrigger('buy', '100.00', 'price', '0.5', '0.01')).toBe('100.50');
    expect(trailTrigger('sell', '1.00', 'price', '2', '0.01')).toBe('0.01');
  });

  it('starts from the best price on the tick, and has nothing to say without a price or trail', () => {
    expect(trailTrigger('sell', '100.009', 'price', '1', '0.01')).toBe('99.00');
    expect(trailTrigger('sell', undefined, 'percent', '1', '0.01')).toBeNull();
    expect(trailTrigger('sell', '100', 'percent', '', '0.01')).toBeNull();
    expect(trailTrigger('sell', '100', 'price', '0.005', '0.01')).toBeNull();
  });
});

describe('the preview of what happens at the trigger', () => {
  it('says the trigger, the limit price and the base amount of a stop-limit', () => {
    const d = draft({ trigger: '105', price: '106.00', amount: '0.1' });
    expect(stopPreview(d, '0.01', '100')).toEqual({
      kind: 'stop_limit',
      side: 'buy',
      direction: 'up',
      trigger: '105',
      price: '106',
      limit: null,
      amount: '0.1',
      amountIn: 'base',
      trail: null,
    });
  });

  it('spends the quote on a stop-market buy and sells the base on a sell, downwards', () => {
    const buy = stopPreview(draft({ type: 'stop_market', trigger: '105', amount: '50' }), '0.01', '100');
    expect(buy).toMatchObject({ kind: 'stop_market', direction: 'up', price: null, amountIn: 'quote' });
    const sell = stopPreview(draft({ type: 'stop_market', side: 'sell', trigger: '95', amount: '0.2' }), '0.01', '100');
    expect(sell).toMatchObject({ direction: 'down', trigger: '95', amount: '0.2', amountIn: 'base' });
  });

  it("computes a trailing stop's trigger now from the reference price", () => {
    const d = draft({ type: 'trailing_stop', side: 'sell', trail: '2', amount: '0.5' });
    expect(stopPreview(d, '0.01', '200.00')).toMatchObject({
      trigger: '196.00',
      direction: 'down',
      trail: { mode: 'percent', value: '2' },
    });
    expect(stopPreview(d, '0.01', undefined)).toBeNull();
  });

  it('waits for the amount, the trigger and a stop-limit price', () => {
    expect(stopPreview(draft({ trigger: '105', price: '106' }), '0.01', '100')).toBeNull();
    expect(stopPreview(draft({ price: '106', amount: '1' }), '0.01', '100')).toBeNull();
    expect(stopPreview(draft({ trigger: '105', amount: '1' }), '0.01', '100')).toBeNull();
    expect(stopPreview(draft({ type: 'limit', price: '1', amount: '1' }), '0.01', '100')).toBeNull();
  });
});

describe('checking a stop order in the contract rules', () => {
  const ok = (d: Partial<FormDraft>, available = '100000', last?: string) => checkStop(draft(d), BTC, available, last);

  it('asks for the trigger, the limit price and the trail by name', () => {
    expect(ok({ price: '106', amount: '0.1' })).toMatchObject({ field: 'trigger_price', problem: 'required' });
    expect(ok({ trigger: '105', amount: '0.1' })).toMatchObject({ field: 'target_price', problem: 'required' });
    expect(ok({ type: 'trailing_stop', amount: '1' })).toMatchObject({ field: 'trail_percent', problem: 'required' });
    expect(ok({ type: 'trailing_stop', trailMode: 'price', amount: '1' })).toMatchObject({
      field: 'trail_distance',
      problem: 'required',
    });
  });

  it('takes a trailing percentage above 0, at most MAX_TRAIL_PERCENT, with 2 decimals', () => {
    const trailing = (trail: string) => ok({ type: 'trailing_stop', side: 'sell', trail, amount: '0.1' }, '1');
    expect(trailing(String(MAX_TRAIL_PERCENT)).ok).toBe(true);
    expect(trailing('50.01')).toMatchObject({ field: 'trail_percent', problem: 'percent_range' });
    expect(trailing('0')).toMatchObject({ problem: 'percent_range' });
    expect(trailing('1.234')).toMatchObject({ problem: 'percent_range' });
    expect(trailPercentOk('0.01')).toBe(true);
  });

  it('refuses prices off the tick and a trigger the last trade already reached', () => {
    expect(ok({ trigger: '105.001', price: '106', amount: '0.1' })).toMatchObject({
      field: 'trigger_price',
      problem: 'off_tick',
      step: '0.01',
    });
    expect(ok({ trigger: '0', price: '106', amount: '0.1' })).toMatchObject({ problem: 'not_positive' });
    expect(ok({ trigger: '100', price: '106', amount: '0.1' }, '100000', '100')).toMatchObject({
      problem: 'reached',
      last: '100',
    });
    // A sell stop fires at or below: a trigger above the last trade is already reached.
    expect(ok({ side: 'sell', trigger: '101', price: '100', amount: '0.1' }, '1', '100')).toMatchObject({
      problem: 'reached',
    });
  });

  it('checks the amount and the hold as the order it becomes', () => {
    expect(ok({ trigger: '105', price: '106', amount: '0.000001' })).toMatchObject({ problem: 'off_lot' });
    expect(ok({ trigger: '105', price: '106', amount: '10' }, '1000')).toMatchObject({
      problem: 'insufficient',
      available: '1000',
    });
    // A stop-market buy spends at least the minimum quantity at its trigger: 0.0001 x 100000.
    expect(ok({ type: 'stop_market', trigger: '100000', amount: '9.99' })).toMatchObject({
      field: 'amount',
      problem: 'below_min',
      min: '10',
    });
  });

  it('gives the request the server takes', () => {
    expect(ok({ trigger: '105.00', price: '106', amount: '0.10' }, '100000', '100')).toEqual({
      ok: true,
      order: { kind: 'stop_limit', side: 'buy', amount: '0.1', trigger_price: '105', target_price: '106' },
    });
    expect(ok({ type: 'trailing_stop', side: 'sell', trailMode: 'price', trail: '5.50', amount: '0.1' }, '1')).toEqual({
      ok: true,
      order: { kind: 'trailing_stop', side: 'sell', amount: '0.1', trail_distance: '5.5' },
    });
  });
});

describe('what a stop order holds and how a refusal reads', () => {
  it('holds the limit value or the budget of a buy, and the quantity of a sell', () => {
    const base = { side: 'buy' as const, amount: '0.1' };
    expect(heldNow({ ...base, kind: 'stop_limit', target_price: '106' })).toEqual({ value: '10.6', unit: 'quote' });
    expect(heldNow({ kind: 'stop_market', side: 'buy', amount: '50' })).toEqual({ value: '50', unit: 'quote' });
    expect(heldNow({ kind: 'trailing_stop', side: 'sell', amount: '0.2' })).toEqual({ value: '0.2', unit: 'base' });
  });

  it("words refusals in the contract's messages, and the range with the widest percentage", () => {
    expect(stopProblemMessage({ field: 'trigger_price', problem: 'required' }, 'USDT')).toEqual({
      key: 'field_required',
      values: { field: 'trigger_price' },
    });
    expect(stopProblemMessage({ field: 'trigger_price', problem: 'reached', last: '100' }, 'USDT')).toEqual({
      key: 'trigger_price_reached',
      values: { last: '100' },
    });
    const range = stopProblemMessage({ field: 'trail_percent', problem: 'percent_range' }, 'USDT');
    expect('descriptor' in range && range.descriptor.values).toEqual({ MAX_TRAIL_PERCENT });
  });

  it('turns a stop kind into the plain order it places', () => {
    expect(plainDraft(draft({ type: 'stop_limit' })).type).toBe('limit');
    expect(plainDraft(draft({ type: 'trailing_stop' })).type).toBe('market');
  });
});
