import { describe, expect, it } from 'vitest';
import { bpsPercent, estimateFill, ratePercent, slippageLimit, withinLimit } from './fill';

const rules = { lot_size: '0.001', price_decimals: 2 };
const asks = [
  ['100100', '0.01'],
  ['100200', '0.01'],
] as const;
const bids = [
  ['99900', '0.01'],
  ['99800', '0.02'],
] as const;

describe('estimateFill', () => {
  it("spends a market buy's amount level by level in whole lots, measured from the last price", () => {
    // 0.01 at 100100 (1001) and 0.004 at 100200 (400.8): 0.014 for 1401.8.
    expect(estimateFill('buy', '1500', asks, '100000', rules)).toEqual({
      filled: '0.014',
      total: '1401.8',
      average: '100128.58',
      slippage: '0.13',
      complete: true,
    });
  });

  it('sells a base quantity into the bids and says when the book shown cannot fill it all', () => {
    expect(estimateFill('sell', '0.02', bids, '100000', rules)).toMatchObject({
      filled: '0.02',
      total: '1997',
      average: '99850.00',
      slippage: '0.15',
      complete: true,
    });
    expect(estimateFill('sell', '0.05', bids, '100000', rules)).toMatchObject({ filled: '0.03', complete: false });
    expect(estimateFill('buy', '5000', asks, '100000', rules)).toMatchObject({ filled: '0.02', complete: false });
  });

  it('has no estimate without levels, amount or last price', () => {
    expect(estimateFill('buy', '100', [], '100000', rules)).toBeNull();
    expect(estimateFill('buy', '', asks, '100000', rules)).toBeNull();
    expect(estimateFill('sell', '0.01', bids, undefined, rules)).toBeNull();
  });
});

describe('slippage limit', () => {
  it('takes a preset as it is and a custom percentage above 0 and at most 50', () => {
    expect(slippageLimit('0.5', '')).toBe('0.5');
    expect(slippageLimit('custom', ' 2.5 ')).toBe('2.5');
    expect(slippageLimit('custom', '0')).toBeNull();
    expect(slippageLimit('custom', '51')).toBeNull();
    expect(slippageLimit('custom', 'abc')).toBeNull();
  });

  it('compares the estimate with the limit', () => {
    const fill = estimateFill('buy', '1500', asks, '100000', rules)!;
    expect(withinLimit(fill, '0.5')).toBe(true);
    expect(withinLimit(fill, '0.1')).toBe(false);
  });

  it('writes rates and spreads as percentages', () => {
    expect(ratePercent('0')).toBe('0');
    expect(ratePercent('0.0005')).toBe('0.05');
    expect(bpsPercent(20)).toBe('0.2');
  });
});
