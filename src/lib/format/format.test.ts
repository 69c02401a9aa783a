import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import {
  currencyDecimals,
  formatChange,
  formatCompact,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatQuantity,
  formatRate,
  formatSpendable,
  formatTimeAgo,
  localizePlain,
  parseDec,
  plainNumber,
  spendableInput,
  stepDecimals,
  toDecimal,
  trend,
} from '.';

const en = { locale: 'en' };

describe('rounding half-even for display', () => {
  it.each([
    ['0.125', '0.12'],
    ['0.135', '0.14'],
    ['0.145', '0.14'],
    ['2.5', '2.50'],
    ['-0.125', '-0.12'],
    ['-0.135', '-0.14'],
    ['96.6598', '96.66'],
    ['0.4879', '0.49'],
    ['0.48901355', '0.49'],
  ])('%s → %s', (v, expected) => expect(formatNumber(v, 2, en)).toBe(expected));

  it('rounds ties to the even whole number at 0 decimals', () => {
    expect(formatNumber('0.5', 0, en)).toBe('0');
    expect(formatNumber('1.5', 0, en)).toBe('2');
    expect(formatNumber('2.5', 0, en)).toBe('2');
    expect(formatNumber('-3.5', 0, en)).toBe('-4');
  });

  it('agrees with decimal.js ROUND_HALF_EVEN for any decimal (property)', () => {
    const text = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }))
      .map(([neg, units, scale]) => new Decimal(`${neg ? '-' : ''}${units}e-${scale}`).toFixed());
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 10 }), (v, places) => {
        const expected = new Decimal(v).toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN);
        const plain = (expected.isZero() ? expected.abs() : expected).toFixed(places);
        expect(plainNumber(v, places)).toBe(plain);
      }),
      { numRuns: 500 },
    );
  });

  it('never shows a minus on a value that rounds to zero', () => {
    expect(formatNumber('-0.001', 2, en)).toBe('0.00');
  });
});

describe('big, negative and odd input', () => {
  it('is exact beyond float precision', () => {
    expect(formatNumber('123456789012345678901234.125', 2, en)).toBe('123,456,789,012,345,678,901,234.12');
    expect(formatNumber(String(0.1 + 0.2), 17, en)).toBe('0.30000000000000004');
  });
  it('groups negatives', () => expect(formatNumber('-1234567.891', 2, en)).toBe('-1,234,567.89'));
  it('takes numbers in exponent form, bigints and Decimals', () => {
    expect(formatNumber(1e-7, 8, en)).toBe('0.00000010');
    expect(formatNumber(1e21, 0, en)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(12345n, 0, en)).toBe('12,345');
    expect(formatNumber(new Decimal('978.02705'), 2, en)).toBe('978.03');
  });
  it('shows a dash for empty or malformed input', () => {
    for (const v of ['', null, undefined, 'abc', Number.NaN, Infinity, '1.2.3', '.']) {
      expect(formatNumber(v, 2, en)).toBe('--');
    }
    expect(parseDec('.5')).toEqual({ units: 5n, scale: 1 });
  });
});

describe('locale grouping (Intl with the locale of the product code)', () => {
  it.each([
    ['en', '1,234,567.89'],
    ['zh-HK', '1,234,567.89'],
    ['th', '1,234,567.89'],
    ['ja', '1,234,567.89'],
    ['fr', '1\u202f234\u202f567,89'],
    ['es', '1.234.567,89'],
  ])('%s → %s', (locale, expected) => expect(formatNumber('1234567.891', 2, { locale })).toBe(expected));

  it('keeps each locale’s own rule for short numbers (Spanish does not group 4 digits)', () => {
    expect(localizePlain('1234.5', 'es')).toBe('1234,5');
    expect(localizePlain('-12345.5', 'es')).toBe('-12.345,5');
    expect(localizePlain('1234.5', 'en')).toBe('1,234.5');
  });

  it('follows the active Lingui locale by default', async () => {
    const { i18n } = await import('@lingui/core');
    const before = i18n.locale;
    i18n.activate('spa');
    expect(formatNumber('1234567.5', 1)).toBe('1.234.567,5');
    i18n.activate('th');
    expect(formatNumber('1234567.5', 1)).toBe('1,234,567.5');
    if (before) i18n.activate(before);
  });
});

describe('kinds of figures', () => {
  it('prices by tick size', () => {
    expect(stepDecimals('0.5')).toBe(1);
    expect(stepDecimals('0.001')).toBe(3);
    expect(stepDecimals('0.010')).toBe(2);
    expect(stepDecimals('10')).toBe(0);
    expect(formatPrice('100.5', '0.5', en)).toBe('100.5');
    expect(formatPrice('228', '0.01', en)).toBe('228.00');
    expect(formatPrice('67123.4567', 2, en)).toBe('67,123.46');
  });
  it('quantities by lot size', () => {
    expect(formatQuantity('1.2345', '0.001', en)).toBe('1.234');
    expect(formatQuantity('1.2355', '0.001', en)).toBe('1.236');
    expect(formatQuantity('1500', '1', en)).toBe('1,500');
  });
  it('money by the currency’s precision', () => {
    expect(currencyDecimals('USDT')).toBe(2);
    expect(currencyDecimals('usd')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('BTC')).toBe(8);
    expect(currencyDecimals('BTC', 6)).toBe(6);
    expect(formatMoney('10000', 'USDT', en)).toBe('10,000.00');
    expect(formatMoney('99.98169426', 'USDT', en)).toBe('99.98');
    expect(formatMoney('75402.2100', 'USDT', en)).toBe('75,402.21');
    expect(formatMoney('0.5', 'BTC', en)).toBe('0.50000000');
    expect(formatMoney('1234.5', 'JPY', en)).toBe('1,234');
  });
  it('percentages with 2 decimals and a sign', () => {
    expect(formatPercent('0.0123', en)).toBe('+1.23%');
    expect(formatPercent('-0.05', en)).toBe('-5.00%');
    expect(formatPercent('0', en)).toBe('0.00%');
    expect(formatPercent('0.00001', en)).toBe('0.00%');
    expect(formatPercent('0.001', { ...en, signed: false })).toBe('0.10%');
    expect(formatChange('1.235', en)).toBe('+1.24%');
    expect(formatChange('-0.5', en)).toBe('-0.50%');
  });
  it('published rates as percentages without a sign or trailing zeros', () => {
    expect(formatRate('0.2', en)).toBe('20%');
    expect(formatRate('0.955', en)).toBe('95.5%');
    expect(formatRate('1.2', en)).toBe('120%');
    expect(formatRate('0.00125', en)).toBe('0.12%');
    expect(formatRate('0', en)).toBe('0%');
    expect(formatRate('12.3455', { locale: 'de' })).toBe('1.234,55%');
    expect(formatRate('x', en)).toBe('--');
  });
});

describe('what the user may spend is rounded down', () => {
  it('floors spendable displays and inputs', () => {
    expect(formatSpendable('1234.5678', 2, en)).toBe('1,234.56');
    expect(formatSpendable('0.0019', '0.001', en)).toBe('0.001');
    expect(spendableInput('1234.5678', 2)).toBe('1234.56');
    expect(spendableInput('-1.999', 2)).toBe('-1.99');
    expect(spendableInput(null, 2)).toBe('');
  });
  it('plain input text rounds half-even without grouping', () => {
    expect(plainNumber('1234.565', 2)).toBe('1234.56');
    expect(plainNumber('1234.575', 2)).toBe('1234.58');
  });
});

describe('formatCompact (K above 1,000, M above 1,000,000, else the plain decimals)', () => {
  it.each([
    ['0', '0.0000'],
    ['12.3456789', '12.3457'],
    ['1000', '1,000.0000'],
    ['1000.01', '1.00K'],
    ['12345.678', '12.35K'],
    ['1000000', '1,000.00K'],
    ['1000001', '1.00M'],
    ['2500000000', '2,500.00M'],
    ['-15000', '-15.00K'],
    [0.1, '0.1000'],
  ])('%s → %s', (v, expected) => expect(formatCompact(v, 2, 4, en)).toBe(expected));

  it('takes other precisions', () => {
    expect(formatCompact('1234567', 3, 4, en)).toBe('1.235M');
    expect(formatCompact('228', 2, 2, en)).toBe('228.00');
  });
});

describe('trend and toDecimal', () => {
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
