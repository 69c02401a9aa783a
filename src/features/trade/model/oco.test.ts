import { describe, expect, it } from 'vitest';
import { ocoCostlier, plainDraft, stopPreview, type FormDraft } from './conditional';
import { namingStopLeg, stopProblemMessage } from './conditionalLabels';
import { checkStop, heldNow } from './stopCheck';

const BTC = { tick_size: '0.01', lot_size: '0.00001', min_qty: '0.0001', max_notional: '1000000' };
const oco = (d: Partial<FormDraft>): FormDraft => ({
  side: 'sell',
  type: 'oco',
  price: '',
  amount: '',
  trigger: '',
  trailMode: 'percent',
  trail: '',
  limitPrice: '',
  ...d,
});
/** Checked against a last trade at 100. */
const check = (d: Partial<FormDraft>, available = '1000000') => checkStop(oco(d), BTC, available, '100');

describe('checking an OCO in the order the form reads', () => {
  it('goes field by field: the limit leg, the trigger, the stop leg price, then the amount', () => {
    const steps: [Partial<FormDraft>, object][] = [
      [{}, { field: 'limit_price', problem: 'required' }],
      [{ limitPrice: '0' }, { field: 'limit_price', problem: 'not_positive' }],
      [{ limitPrice: '105.001' }, { field: 'limit_price', problem: 'off_tick', step: '0.01' }],
      [{ limitPrice: '105' }, { field: 'trigger_price', problem: 'required' }],
      [
        { limitPrice: '105', trigger: '95.005' },
        { field: 'trigger_price', problem: 'off_tick' },
      ],
      [
        { limitPrice: '105', trigger: '95' },
        { field: 'target_price', problem: 'required' },
      ],
      [
        { limitPrice: '105', trigger: '95', price: '94.999' },
        { field: 'target_price', problem: 'off_tick' },
      ],
      [
        { limitPrice: '105', trigger: '95', price: '94.9' },
        { field: 'amount', problem: 'invalid' },
      ],
      [{ limitPrice: '105', trigger: '95', price: '94.9', amount: '0.000001' }, { problem: 'off_lot' }],
      [
        { limitPrice: '105', trigger: '95', price: '94.9', amount: '0.00005' },
        { problem: 'below_min', min: '0.0001' },
      ],
    ];
    for (const [draft, problem] of steps) expect(check(draft)).toMatchObject({ ok: false, ...problem });
    expect(check({ limitPrice: '105', trigger: '95', price: '94.9', amount: '0.5' }).ok).toBe(true);
  });

  it("puts a sell's limit above the last trade and its trigger below, in the server's words", () => {
    const sell = { trigger: '95', price: '94', amount: '0.1' };
    expect(check({ ...sell, limitPrice: '100' })).toMatchObject({
      field: 'limit_price',
      problem: 'reached',
      last: '100',
    });
    expect(check({ ...sell, limitPrice: '99.99' })).toMatchObject({ field: 'limit_price', problem: 'reached' });
    expect(check({ ...sell, limitPrice: '100.01', trigger: '100' })).toMatchObject({
      field: 'trigger_price',
      problem: 'reached',
      last: '100',
    });
    expect(check({ ...sell, limitPrice: '100.01', trigger: '99.99' }).ok).toBe(true);
  });

  it("puts a buy's limit below the last trade and its trigger above", () => {
    const buy = { side: 'buy' as const, trigger: '105', price: '106', amount: '0.1' };
    expect(check({ ...buy, limitPrice: '100' })).toMatchObject({ field: 'limit_price', problem: 'reached' });
    expect(check({ ...buy, limitPrice: '100.01' })).toMatchObject({ field: 'limit_price', problem: 'reached' });
    expect(check({ ...buy, limitPrice: '99.99', trigger: '100' })).toMatchObject({
      field: 'trigger_price',
      problem: 'reached',
    });
    expect(check({ ...buy, limitPrice: '99.99', trigger: '100.01' }).ok).toBe(true);
  });

  it('leaves the sides to the server before the pair has traded', () => {
    const reversed = oco({ limitPrice: '50', trigger: '150', price: '149', amount: '0.1' });
    expect(checkStop(reversed, BTC, '1', undefined).ok).toBe(true);
  });

  it('gives the request the server takes, numbers written plainly', () => {
    expect(check({ limitPrice: '105.50', trigger: '95.00', price: '94.9', amount: '0.10' }, '1')).toEqual({
      ok: true,
      order: {
        kind: 'oco',
        side: 'sell',
        amount: '0.1',
        limit_price: '105.5',
        trigger_price: '95',
        target_price: '94.9',
      },
    });
  });
});

describe('the funds an OCO holds once for both legs', () => {
  it('holds the amount of a sell in the base, whatever the prices', () => {
    const sell = { limitPrice: '105', trigger: '95', price: '94', amount: '0.2' };
    expect(check(sell, '0.19999')).toMatchObject({ field: 'amount', problem: 'insufficient', available: '0.19999' });
    const placed = check(sell, '0.2');
    expect(placed.ok && heldNow(placed.order)).toEqual({ value: '0.2', unit: 'base' });
  });

  it("holds a buy's amount at its costlier leg: the stop leg's price above the limit", () => {
    const buy = { side: 'buy' as const, limitPrice: '95', trigger: '105', price: '106', amount: '1' };
    expect(check(buy, '105.99')).toMatchObject({ problem: 'insufficient', available: '105.99' });
    const placed = check(buy, '106');
    expect(placed.ok && heldNow(placed.order)).toEqual({ value: '106', unit: 'quote' });
  });

  it("or the limit leg's price when the stop leg's is lower", () => {
    const buy = { side: 'buy' as const, limitPrice: '99', trigger: '101', price: '98', amount: '2' };
    expect(check(buy, '197.99')).toMatchObject({ problem: 'insufficient' });
    const placed = check(buy, '198');
    expect(placed.ok && heldNow(placed.order)).toEqual({ value: '198', unit: 'quote' });
  });

  it('refuses a leg worth more than the largest order value', () => {
    const rules = { ...BTC, max_notional: '100' };
    const buy = oco({ side: 'buy', limitPrice: '95', trigger: '105', price: '106', amount: '0.95' });
    // The limit leg is worth 90.25, the stop leg 100.70: the costlier is over.
    expect(checkStop(buy, rules, '1000', '100')).toMatchObject({ problem: 'above_max', max: '100' });
  });

  it('slides and totals a buy at the costlier leg, the price its funds are held at', () => {
    expect(ocoCostlier({ limitPrice: '95', price: '106' })).toBe('106');
    expect(ocoCostlier({ limitPrice: '99', price: '98' })).toBe('99');
    expect(ocoCostlier({ limitPrice: '99', price: '' })).toBe('99');
    expect(ocoCostlier({ limitPrice: 'x', price: '' })).toBe('');
    expect(plainDraft(oco({ side: 'buy', limitPrice: '95', price: '106', amount: '1' }))).toEqual({
      side: 'buy',
      type: 'limit',
      price: '106',
      amount: '1',
    });
  });
});

describe('the preview of an OCO', () => {
  it('names the limit leg that rests now, the trigger and the stop leg price, in the base', () => {
    const d = oco({ limitPrice: '105.00', trigger: '95', price: '94.90', amount: '0.5' });
    expect(stopPreview(d, '0.01', '100')).toEqual({
      kind: 'oco',
      side: 'sell',
      direction: 'down',
      trigger: '95',
      price: '94.9',
      limit: '105',
      amount: '0.5',
      amountIn: 'base',
      trail: null,
    });
    const buy = oco({ side: 'buy', limitPrice: '95', trigger: '105', price: '106', amount: '1' });
    expect(stopPreview(buy, '0.01', '100')).toMatchObject({ direction: 'up', amountIn: 'base', limit: '95' });
  });

  it('waits for all three prices and the amount', () => {
    const full = { limitPrice: '105', trigger: '95', price: '94', amount: '0.5' };
    for (const missing of ['limitPrice', 'trigger', 'price', 'amount'] as const) {
      expect(stopPreview(oco({ ...full, [missing]: '' }), '0.01', '100')).toBeNull();
    }
    expect(stopPreview(oco({ ...full, limitPrice: '0' }), '0.01', '100')).toBeNull();
  });
});

describe('how an OCO refusal reads', () => {
  it("uses the server's limit_price_reached for the limit leg and trigger_price_reached for the trigger", () => {
    expect(stopProblemMessage({ field: 'limit_price', problem: 'reached', last: '100' }, 'BTC')).toEqual({
      key: 'limit_price_reached',
      values: { last: '100' },
    });
    expect(stopProblemMessage({ field: 'trigger_price', problem: 'reached', last: '100' }, 'BTC')).toMatchObject({
      key: 'trigger_price_reached',
    });
  });

  it("names the stop leg's price by the form's label, leaving other fields to the catalogue", () => {
    const required = stopProblemMessage({ field: 'target_price', problem: 'required' }, 'BTC');
    expect('key' in required && namingStopLeg(required, 'Stop-limit price')).toEqual({
      key: 'field_required',
      values: { field: 'Stop-limit price' },
    });
    const limit = stopProblemMessage({ field: 'limit_price', problem: 'required' }, 'BTC');
    expect('key' in limit && namingStopLeg(limit, 'Stop-limit price')).toEqual(limit);
  });
});
