import { describe, expect, it } from 'vitest';
import { candleRange, mergeCandle, PERIOD_MS, toChartData, chartLocalization } from './candles';
import { pushTrade, topLevels } from './depth';

const c = (time: number, close = '1') => ({ time, open: '1', high: '2', low: '0.5', close, volume: '3' });
const k = (time: number, close: string) => ({
  type: 'kline' as const,
  symbol: 'BTC/USDT',
  period: '1min' as const,
  ...c(time, close),
});

describe('candles', () => {
  it('replaces the forming candle, appends a new one, ignores old ones', () => {
    const list = [c(0), c(60_000)];
    expect(mergeCandle(list, k(60_000, '5')).map((x) => x.close)).toEqual(['1', '5']);
    expect(mergeCandle(list, k(120_000, '6'))).toHaveLength(3);
    expect(mergeCandle(list, k(0, '9'))).toBe(list);
    expect(mergeCandle([], k(0, '9'))).toHaveLength(1);
  });

  it('asks for a window of candles per period', () => {
    const now = 1_000 * PERIOD_MS['5min'];
    expect(candleRange('5min', now)).toEqual({ from: now - 300 * PERIOD_MS['5min'], to: now });
    expect(candleRange('1mon', 1000).from).toBe(0);
  });

  it('converts to chart seconds with coloured volume', () => {
    const { bars, volumes } = toChartData([{ ...c(60_000, '2') }, { ...c(120_000, '0.8') }], '#0f0', '#f00');
    expect(bars[0]).toEqual({ time: 60, open: 1, high: 2, low: 0.5, close: 2 });
    expect(volumes.map((v) => v.color)).toEqual(['#0f080', '#f0080']);
  });
});

describe('depth and trades', () => {
  it('accumulates the top levels and scales the bars', () => {
    const { bids, asks } = topLevels(
      [
        ['10', '1'],
        ['9', '3'],
      ],
      [['11', '2']],
      2,
    );
    expect(bids.map((b) => b.total)).toEqual([1, 4]);
    expect(bids.map((b) => b.bar)).toEqual([25, 100]);
    expect(asks[0]).toMatchObject({ price: '11', total: 2, bar: 50 });
  });

  it('keeps the newest trades once each', () => {
    const t = (ts: number) => ({ price: '1', amount: '1', direction: 'buy' as const, ts });
    let list = pushTrade([], t(1));
    list = pushTrade(list, t(3));
    list = pushTrade(list, t(3));
    list = pushTrade(list, t(2));
    expect(list.map((x) => x.ts)).toEqual([3, 2, 1]);
  });
});

describe('chartLocalization', () => {
  it("groups axis prices in the user's language with the pair's decimals", () => {
    expect(chartLocalization('en', 2).priceFormatter(180000)).toBe('180,000.00');
    expect(chartLocalization('fr', 1).priceFormatter(180000.26)).toBe('180\u202f000,3');
    expect(chartLocalization('en', 2).tickmarksPriceFormatter([180000, 180000.5])).toEqual([
      '180,000.00',
      '180,000.50',
    ]);
    expect(chartLocalization('en', 1).priceFormatter(0.25)).toBe('0.2');
  });

  it('leaves blank the axis mark the last price tag would cover', () => {
    const marks = chartLocalization('en', 0, () => 96_600).tickmarksPriceFormatter([98_000, 97_000, 96_000, 95_000]);
    expect(marks).toEqual(['98,000', '', '96,000', '95,000']);
    expect(chartLocalization('en', 0, () => 96_500).tickmarksPriceFormatter([97_000, 96_000])).toEqual([
      '97,000',
      '96,000',
    ]);
    expect(chartLocalization('zh-HK', 4)).toMatchObject({ locale: 'zh-HK' });
    // Half-even, as every figure: a tie goes to the even digit.
    expect(chartLocalization('zh-HK', 4).priceFormatter(0.12345)).toBe('0.1234');
    expect(chartLocalization('zh-HK', 4).priceFormatter(0.12355)).toBe('0.1236');
  });
});
