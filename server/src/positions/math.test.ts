import { describe, expect, it } from 'vitest';
import {
  feeOf,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  notionalOf,
  overnightDue,
  quantityOf,
  reachesLiquidation,
  riskRate,
  settle,
  unrealisedPnl,
  utcDay,
  LONG,
  SHORT,
} from './math';

describe('futures math (trading-math.md worked example: 1 BTC at 20,000, 50x, 0.5 %)', () => {
  const qty = quantityOf(1000, '0.001');
  const notional = notionalOf('20000', qty);
  const im = initialMargin(notional, 50);
  const mm = maintenanceMargin(notional, '0.005');

  it('quantity, notional, initial and maintenance margin', () => {
    expect(qty.toFixed()).toBe('1');
    expect(notional.toFixed()).toBe('20000');
    expect(im.toFixed()).toBe('400');
    expect(mm.toFixed()).toBe('100');
  });

  it('liquidation price long 19,700 and short 20,300', () => {
    expect(liquidationPrice(LONG, '20000', qty, im, '0.005', 2).toFixed()).toBe('19700');
    expect(liquidationPrice(SHORT, '20000', qty, im, '0.005', 2).toFixed()).toBe('20300');
    expect(reachesLiquidation(LONG, '19700', '19700')).toBe(true);
    expect(reachesLiquidation(LONG, '19700.01', '19700')).toBe(false);
    expect(reachesLiquidation(SHORT, '20300', '20300')).toBe(true);
    expect(reachesLiquidation(SHORT, '20299.99', '20300')).toBe(false);
  });

  it('rounds the liquidation price towards the entry', () => {
    // 0.003 BTC at 20,000.01, 100x: margin 0.6000003 -> 0.60000030, MM 0.30000015.
    const q = quantityOf(3, '0.001');
    const m = initialMargin(notionalOf('20000.01', q), 100);
    expect(m.toFixed()).toBe('0.6000003');
    expect(liquidationPrice(LONG, '20000.01', q, m, '0.005', 2).toFixed()).toBe('19900.01');
    expect(liquidationPrice(SHORT, '20000.01', q, m, '0.005', 2).toFixed()).toBe('20100.01');
  });

  it('unrealised profit long and short, and the risk rate', () => {
    expect(unrealisedPnl(LONG, '20000', '20500', qty).toFixed()).toBe('500');
    expect(unrealisedPnl(SHORT, '20000', '20500', qty).toFixed()).toBe('-500');
    expect(unrealisedPnl(SHORT, '20000', '19900', '0.5').toFixed()).toBe('50');
    // At entry: equity 400 / MM 100 = 400 %.
    expect(riskRate(im, '0', notional, '0.005')?.toFixed()).toBe('400');
    // At 19,800: equity 200, MM at mark 99 -> 202.02 %.
    const pnl = unrealisedPnl(LONG, '20000', '19800', qty);
    expect(riskRate(im, pnl, notionalOf('19800', qty), '0.005')?.toFixed()).toBe('202.02');
    expect(riskRate(im, pnl, '0', '0.005')).toBeNull();
  });

  it('fees at open and close (0.05 %) and the overnight fee (0.03 % a day held)', () => {
    expect(feeOf(notional, '0.0005').toFixed()).toBe('10');
    expect(feeOf('0.123456789', '0.5').toFixed()).toBe('0.06172839');
    const due = overnightDue({ entryNotional: notional, rate: '0.0003', lastDay: 100, today: 102, margin: im });
    expect(due).toMatchObject({ days: 2 });
    expect(due.fee.toFixed()).toBe('12');
    expect(
      overnightDue({ entryNotional: notional, rate: '0.0003', lastDay: 102, today: 102, margin: im }).fee.toFixed(),
    ).toBe('0');
    // Never more than the margin left.
    expect(
      overnightDue({ entryNotional: notional, rate: '0.0003', lastDay: 0, today: 1000, margin: '5' }).fee.toFixed(),
    ).toBe('5');
    expect(utcDay(Date.UTC(2026, 0, 2, 0, 0, 0)) - utcDay(Date.UTC(2026, 0, 1, 23, 59, 59))).toBe(1);
  });

  it('settles a profit, a loss, a loss beyond the margin and a liquidation', () => {
    const base = { side: LONG, entry: '20000', qty, margin: im, feeRate: '0.0005', liquidation: false };
    const win = settle({ ...base, price: '20500' });
    expect([win.pnl, win.closeFee, win.returned, win.house, win.insurance].map((x) => x.toFixed())).toEqual([
      '500',
      '10.25',
      '889.75',
      '500',
      '0',
    ]);
    const loss = settle({ ...base, side: SHORT, price: '20100' });
    expect([loss.pnl, loss.closeFee, loss.returned].map((x) => x.toFixed())).toEqual(['-100', '10.05', '289.95']);
    // A gap far through the margin: the loss stops at the margin, no fee is left to take.
    const gap = settle({ ...base, price: '19000' });
    expect([gap.pnl, gap.closeFee, gap.returned].map((x) => x.toFixed())).toEqual(['-400', '0', '0']);
    // Liquidated at 19,700: loss 300, fee 9.85, the rest of the margin (90.15) to insurance.
    const liq = settle({ ...base, price: '19700', liquidation: true });
    expect([liq.pnl, liq.closeFee, liq.returned, liq.insurance].map((x) => x.toFixed())).toEqual([
      '-300',
      '9.85',
      '0',
      '90.15',
    ]);
    for (const s of [win, loss, gap, liq]) {
      // What the margin becomes is exactly accounted for.
      expect(s.returned.plus(s.insurance).plus(s.closeFee).minus(s.pnl).toFixed()).toBe(im.toFixed());
    }
  });
});
