import { describe, expect, test } from 'vitest';
import { copySize, roundRatio } from './copySize';

describe('copy size', () => {
  test('a fractional ratio is rounded half up to two decimals', () => {
    expect(roundRatio('1.555').toFixed()).toBe('1.56');
    expect(roundRatio('0.333').toFixed()).toBe('0.33');
    expect(roundRatio('2').toFixed()).toBe('2');
  });

  test('fixed multiple: 3 lots x 1.5 is 4.5, which opens 4 whole lots', () => {
    const size = copySize(3, 1, '1.5');
    expect(size.ratio?.toFixed()).toBe('1.5');
    expect(size.exact.toFixed()).toBe('4.5');
    expect(size.lots).toBe(4);
  });

  test('fixed multiple: the rounded ratio is applied, not the typed one', () => {
    expect(copySize(10, 1, '1.555').exact.toFixed()).toBe('15.6');
    expect(copySize(10, 1, '1.555').lots).toBe(15);
  });

  test('fixed multiple under one lot comes to 0 lots (the server skips it)', () => {
    expect(copySize(3, 1, '0.33').lots).toBe(0);
  });

  test('fixed lots ignores the trader lots', () => {
    expect(copySize(3, 2, '7')).toMatchObject({ ratio: null, lots: 7 });
    expect(copySize(100, 2, '7').lots).toBe(7);
  });
});

describe('follow form ranges', async () => {
  const { checkRange } = await import('./form');
  test('a multiple from 0.01 to 100 after rounding', () => {
    expect(checkRange({ type: 1, number: '0.004', maxAmount: '' })?.kind).toBe('multiple_range');
    expect(checkRange({ type: 1, number: '0.005', maxAmount: '' })).toBeNull();
    expect(checkRange({ type: 1, number: '100.001', maxAmount: '' })).toBeNull();
    expect(checkRange({ type: 1, number: '100.01', maxAmount: '' })?.kind).toBe('multiple_range');
  });
  test('fixed lots: a whole number from 1 to 10,000', () => {
    expect(checkRange({ type: 2, number: '1.5', maxAmount: '' })?.kind).toBe('lots_range');
    expect(checkRange({ type: 2, number: '10001', maxAmount: '' })?.kind).toBe('lots_range');
    expect(checkRange({ type: 2, number: '10000', maxAmount: '' })).toBeNull();
  });
});
