import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatBalance,
  formatCompact,
  formatDateTime,
  formatGrouped,
  formatPercent,
  formatTimeAgo,
  toDecimal,
  toFiat,
  trend,
} from '.';

describe('formatCompact (K above 1,000, M above 1,000,000, else 4 decimals)', () => {
  it.each([
    ['0', '0.0000'],
    ['12.3456789', '12.3456'],
    ['1000', '1000.0000'],
    ['1000.01', '1.00K'],
    ['12345.678', '12.34K'],
    ['1000000', '1000.00K'],
    ['1000001', '1.00M'],
    ['2500000000', '2500.00M'],
    ['-15000', '-15.00K'],
    [0.1, '0.1000'],
  ])('%s → %s', (v, expected) => expect(formatCompact(v)).toBe(expected));

  it('takes another precision for K and M', () => {
    expect(formatCompact('1234567', 3)).toBe('1.234M');
  });
});

describe('formatAmount', () => {
  it('defaults to 2 decimals and rounds toward zero', () => {
    expect(formatAmount('1234.5678')).toBe('1234.56');
    expect(formatAmount('-1.999')).toBe('-1.99');
    expect(formatAmount('5')).toBe('5.00');
    expect(formatAmount('0.123456789', 8)).toBe('0.12345678');
  });
  it('is exact where floats are not', () => {
    expect(formatAmount('0.29', 1)).toBe('0.2');
    expect(formatAmount(String(0.1 + 0.2), 17)).toBe('0.30000000000000004');
    expect(formatAmount('123456789012345678.12')).toBe('123456789012345678.12');
  });
  it('shows a dash for empty or malformed input', () => {
    expect(formatAmount('')).toBe('--');
    expect(formatAmount(null)).toBe('--');
    expect(formatAmount('abc')).toBe('--');
    expect(formatAmount(Number.NaN)).toBe('--');
  });
});

describe('formatGrouped', () => {
  it('adds thousands separators', () => {
    expect(formatGrouped('1234567.891')).toBe('1,234,567.89');
    expect(formatGrouped('999')).toBe('999.00');
    expect(formatGrouped('-1000', 0)).toBe('-1,000');
  });
});

describe('formatBalance (coin balances in the wallet)', () => {
  it('groups thousands like the totals beside it, with 8 decimals rounded down', () => {
    expect(formatBalance('10000')).toBe('10,000.00000000');
    expect(formatBalance('1234567.123456789')).toBe('1,234,567.12345678');
    expect(formatBalance('0.5')).toBe('0.50000000');
    expect(formatBalance(undefined)).toBe('--');
  });
});

describe('formatPercent', () => {
  it('signs the change', () => {
    expect(formatPercent('0.0123')).toBe('+1.23%');
    expect(formatPercent('-0.05')).toBe('-5.00%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('0.00001')).toBe('0.00%');
  });
});

describe('toFiat and trend', () => {
  it('converts at the rate', () => expect(toFiat('10', '7.2345')).toBe('72.34'));
  it('classifies direction', () => {
    expect(trend('0.1')).toBe('up');
    expect(trend('-0.1')).toBe('down');
    expect(trend('0')).toBe('flat');
    expect(trend('x')).toBe('flat');
  });
  it('toDecimal refuses infinities', () => expect(toDecimal('Infinity')).toBeNull());
});

describe('time', () => {
  const now = Date.UTC(2024, 5, 30, 12, 0, 0);
  const min = 60_000;
  it.each([
    [0, 'now'],
    [4 * min, 'now'],
    [5 * min, '5 minutes ago'],
    [59 * min, '59 minutes ago'],
    [60 * min, '1 hour ago'],
    [23 * 60 * min, '23 hours ago'],
    [24 * 60 * min, 'yesterday'],
    [29 * 24 * 60 * min, '29 days ago'],
  ])('%i ms ago → %s', (ago, expected) => expect(formatTimeAgo(now - ago, now, 'en')).toBe(expected));

  it('shows the date from 30 days on', () => {
    expect(formatTimeAgo(now - 30 * 24 * 60 * min, now, 'en')).toBe('May 31, 2024');
  });

  it('formats date and time in the locale', () => {
    expect(formatDateTime(now, 'en')).toMatch(/6\/30\/24/);
  });
});
