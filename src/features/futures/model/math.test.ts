import { describe, expect, test } from 'vitest';
import {
  estimateOpen,
  feeOf,
  liquidationPriceOf,
  marginOf,
  notionalOf,
  profitOf,
  quantityOf,
  riskRateOf,
} from './math';

describe('futures formulas (trading-math.md)', () => {
  test('worked example: 1 BTC at 20,000, 50x, maintenance 0.5 % → IM 400, liquidation 19,700', () => {
    const qty = quantityOf('1', '1');
    const notional = notionalOf('20000', qty);
    const im = marginOf(notional, 50);
    expect(notional.toFixed()).toBe('20000');
    expect(im.toFixed()).toBe('400');
    expect(liquidationPriceOf('long', '20000', qty, im, '0.005').toFixed()).toBe('19700');
  });

  test('a short mirrors the long: liquidation above the entry', () => {
    expect(liquidationPriceOf('short', '20000', '1', '400', '0.005').toFixed()).toBe('20300');
  });

  test('lots times lot size, in decimals without float error', () => {
    expect(quantityOf('3', '0.1').toFixed()).toBe('0.3');
    expect(notionalOf('0.3', '0.1').toFixed()).toBe('0.03');
  });

  test('margin rounds up and fees down to 8 decimals, as the server rounds them', () => {
    expect(marginOf('100', 3).toFixed()).toBe('33.33333334');
    expect(feeOf('20000', '0.0005').toFixed()).toBe('10');
    expect(feeOf('0.123456789', '0.001').toFixed()).toBe('0.00012345');
  });

  test('unrealised profit: long gains when the mark rises, short when it falls', () => {
    expect(profitOf('long', '20000', '20500', '0.5').toFixed()).toBe('250');
    expect(profitOf('short', '20000', '20500', '0.5').toFixed()).toBe('-250');
    expect(profitOf('short', '20000', '19000', '2').toFixed()).toBe('2000');
    // Rounded toward minus infinity: a loss is never shown smaller than it is.
    expect(profitOf('long', '1.000000001', '1', '1').toFixed()).toBe('-0.00000001');
  });

  test('risk rate in percent: equity over maintenance at the mark; about 100 at the liquidation price', () => {
    // At entry: 400 / 100 = 400 %.
    expect(riskRateOf('400', '0', '20000', '1', '0.005')?.toFixed()).toBe('400');
    // At 19,700 the loss is 300 and equity 100; maintenance at the mark is 98.5: 101.52 % (rounded down).
    const at = riskRateOf('400', profitOf('long', '20000', '19700', '1'), '19700', '1', '0.005');
    expect(at?.toFixed()).toBe('101.52');
    expect(riskRateOf('400', '0', '20000', '1', '0')).toBeNull();
  });

  test("the server's rounding case: 3 lots of 0.001 BTC at 20,000.01, 100x", () => {
    const e = estimateOpen('long', '20000.01', 3, 100, {
      lotSize: '0.001',
      feeRate: '0.0005',
      maintenanceRate: '0.005',
      priceDecimals: 2,
    });
    expect(e.margin.toFixed()).toBe('0.6000003');
    expect(e.fee.toFixed()).toBe('0.03000001');
    expect(e.liquidation.toFixed()).toBe('19900.01');
    expect(liquidationPriceOf('short', '20000.01', e.quantity, e.margin, '0.005', 2).toFixed()).toBe('20100.01');
    // At 19,800 with 1 BTC at 20,000, 50x: equity 200 over 99 → 202.02 %.
    expect(riskRateOf('400', profitOf('long', '20000', '19800', '1'), '19800', '1', '0.005')?.toFixed()).toBe('202.02');
  });

  test('liquidation price rounds toward the entry at the pair decimals and never below zero', () => {
    expect(liquidationPriceOf('long', '100.05', '1', '33.35', '0.005', 2).toFixed()).toBe('67.21');
    expect(liquidationPriceOf('short', '100.05', '1', '33.35', '0.005', 2).toFixed()).toBe('132.89');
    // 1x long with no maintenance: the whole price is margin.
    expect(liquidationPriceOf('long', '100', '1', '100', '0').toFixed()).toBe('0');
    expect(liquidationPriceOf('long', '100', '1', '150', '0').toFixed()).toBe('0');
  });

  test('estimateOpen adds margin and opening fee', () => {
    const e = estimateOpen('long', '20000', '10', '50', { lotSize: '0.1', feeRate: '0.001', maintenanceRate: '0.005' });
    expect(e.quantity.toFixed()).toBe('1');
    expect(e.margin.toFixed()).toBe('400');
    expect(e.fee.toFixed()).toBe('20');
    expect(e.total.toFixed()).toBe('420');
    expect(e.liquidation.toFixed()).toBe('19700');
  });
});
