import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { formatAmount, formatCompact } from '@/lib/format';
import { cmpDec, compactDec, mulDec, parseDec, toFixedHalfUp } from './decimalText';

// Products of two stay within decimal.js's 20 significant digits, so it is exact too.
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 10 }))
  .map(([neg, units, scale]) => {
    const s = units.toString().padStart(scale + 1, '0');
    const text = scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
    return neg ? `-${text}` : text;
  });

describe('decimal text', () => {
  it('renders like @/lib/format for any decimal (property)', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const d = parseDec(text)!;
        expect(compactDec(d)).toBe(formatCompact(text, 2));
        expect(toFixedHalfUp(d, 2)).toBe(new Decimal(text).toFixed(2, Decimal.ROUND_HALF_UP));
      }),
      { numRuns: 500 },
    );
  });

  it('multiplies and compares exactly', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const x = parseDec(a)!;
        const y = parseDec(b)!;
        expect(compactDec(mulDec(x, y))).toBe(formatCompact(new Decimal(a).times(b), 2));
        expect(cmpDec(x, y)).toBe(new Decimal(a).comparedTo(b));
      }),
      { numRuns: 300 },
    );
    expect(formatAmount('0.1', 1)).toBe('0.1');
  });

  it('refuses what is not a decimal', () => {
    expect(parseDec('')).toBeNull();
    expect(parseDec('abc')).toBeNull();
    expect(parseDec('.')).toBeNull();
    expect(parseDec(null)).toBeNull();
    expect(parseDec('.5')).toEqual({ units: 5n, scale: 1 });
  });
});
