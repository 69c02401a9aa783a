import { describe, expect, it } from 'vitest';
import { priceKind, validAmount, validPercent } from './alerts';

describe('alert form rules', () => {
  it('takes the direction from the target and the price now', () => {
    expect(priceKind('60000', '50000')).toBe('above');
    expect(priceKind('40000', '50000')).toBe('below');
    expect(priceKind('50000', '50000')).toBe('below');
    expect(priceKind('1', null)).toBe('above');
  });

  it('accepts what the contract accepts', () => {
    expect(validAmount('60000.5')).toBe(true);
    expect(validAmount('0')).toBe(false);
    expect(validAmount('1e5')).toBe(false);
    expect(validAmount('1.12345678901')).toBe(false);
    expect(validPercent('5')).toBe(true);
    expect(validPercent('1000')).toBe(true);
    expect(validPercent('1000.01')).toBe(false);
  });
});
