import { describe, expect, test } from 'vitest';
import { checkOpen, checkStops, previewOpen, type FormTerms, type LeverDraft } from './form';

const terms: FormTerms = {
  symbol: 'BTC/USDT',
  lot_size: '0.001',
  multiples: [5, 10, 20, 50, 100],
  fee_rate: '0.0005',
  maintenance_rate: '0.005',
  min_share: 1,
  max_share: 10000,
  house_long: { cap: '5000000', used: '0', left: '5000000' },
  house_short: { cap: '5000000', used: '0', left: '100' },
  balance: '1000',
};

const draft = (patch: Partial<LeverDraft> = {}): LeverDraft => ({
  side: 'long',
  type: 'market',
  price: '',
  lots: '10',
  multiple: 50,
  takeProfit: '',
  stopLoss: '',
  ...patch,
});

describe('futures form', () => {
  test('previews margin, fee and liquidation at the last price: 10 lots of 0.001 BTC at 20,000, 50x', () => {
    const e = previewOpen(draft(), terms, '20000', 2);
    expect(e?.quantity.toFixed()).toBe('0.01');
    expect(e?.margin.toFixed()).toBe('4');
    expect(e?.fee.toFixed()).toBe('0.1');
    expect(e?.total.toFixed()).toBe('4.1');
    expect(e?.liquidation.toFixed()).toBe('19700');
    expect(previewOpen(draft({ lots: '' }), terms, '20000')).toBeNull();
    expect(previewOpen(draft(), terms, null)).toBeNull();
  });

  test('a checked market long is what /lever/submit takes', () => {
    const r = checkOpen(draft({ takeProfit: '21000', stopLoss: '19800' }), terms, '20000', 2);
    expect(r).toMatchObject({
      ok: true,
      order: { share: 10, multiple: 50, type: 1, status: 1, target_profit_price: '21000', stop_loss_price: '19800' },
    });
    expect(r.ok && 'target_price' in r.order).toBe(false);
  });

  test('a limit long must sit below the current price, a short above', () => {
    expect(checkOpen(draft({ type: 'limit', price: '20000' }), terms, '20000')).toMatchObject({
      ok: false,
      key: 'lever_limit_long',
      values: { price: '20000' },
    });
    expect(checkOpen(draft({ type: 'limit', price: 'x' }), terms, '20000')).toMatchObject({
      ok: false,
      key: 'amount_invalid',
    });
    const short = checkOpen(draft({ side: 'short', lots: '1', type: 'limit', price: '20100' }), terms, '20000', 2);
    expect(short).toMatchObject({ ok: true, order: { type: 2, status: 0, target_price: '20100' } });
  });

  test('lots within the published range, leverage among the published multiples', () => {
    expect(checkOpen(draft({ lots: '0' }), terms, '20000')).toMatchObject({ key: 'lever_share_range', field: 'share' });
    expect(checkOpen(draft({ lots: '10001' }), terms, '20000')).toMatchObject({
      key: 'lever_share_range',
      values: { min: '1', max: '10000' },
    });
    expect(checkOpen(draft({ multiple: 7 }), terms, '20000')).toMatchObject({
      key: 'lever_multiple_invalid',
      values: { multiples: '5, 10, 20, 50, 100' },
    });
  });

  test("the house's capacity on the side and the balance for margin and fee", () => {
    expect(checkOpen(draft({ side: 'short' }), terms, '20000')).toMatchObject({
      key: 'lever_house_cap_short',
      values: { left: '100', symbol: 'BTC/USDT' },
    });
    // 2,500 lots = 2.5 BTC = 50,000 notional: 1,000 margin + 25 fee > 1,000.
    expect(checkOpen(draft({ lots: '2500' }), terms, '20000')).toMatchObject({
      key: 'lever_insufficient_balance',
      values: { needed: '1025', available: '1000' },
    });
    expect(checkOpen(draft({ lots: '2400' }), terms, '20000').ok).toBe(true);
  });

  test('a market open needs a price', () => {
    expect(checkOpen(draft(), terms, null)).toMatchObject({ ok: false, key: 'lever_price_stale' });
  });

  test('take-profit and stop-loss of a long: TP above entry and current, SL below current and above liquidation', () => {
    expect(checkOpen(draft({ takeProfit: '19990' }), terms, '20000', 2)).toMatchObject({
      key: 'lever_tp_long',
      field: 'target_profit_price',
      values: { entry: '20000', price: '20000' },
    });
    expect(checkOpen(draft({ stopLoss: '19700' }), terms, '20000', 2)).toMatchObject({
      key: 'lever_sl_long',
      values: { liquidation: '19700' },
    });
    expect(checkOpen(draft({ stopLoss: '20000' }), terms, '20000', 2)).toMatchObject({ key: 'lever_sl_long' });
    expect(checkOpen(draft({ stopLoss: '19700.01' }), terms, '20000', 2).ok).toBe(true);
  });

  test('a short reverses the stops; an edited stop is checked against entry, mark and liquidation', () => {
    expect(checkStops('short', { takeProfit: '19000', stopLoss: '20200' }, '20000', '20000', '20300')).toEqual({
      ok: true,
      takeProfit: '19000',
      stopLoss: '20200',
    });
    expect(checkStops('short', { takeProfit: '19500', stopLoss: '' }, '20000', '19400', '20300')).toMatchObject({
      key: 'lever_tp_short',
    });
    expect(checkStops('short', { takeProfit: '', stopLoss: '20300' }, '20000', '20000', '20300')).toMatchObject({
      key: 'lever_sl_short',
    });
    expect(checkStops('long', { takeProfit: '', stopLoss: '' }, '20000', '20000', '19700')).toEqual({ ok: true });
    expect(checkStops('long', { takeProfit: '1.2.3', stopLoss: '' }, '20000', '20000', '19700')).toMatchObject({
      key: 'amount_invalid',
    });
  });
});
