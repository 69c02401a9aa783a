import { describe, expect, it } from 'vitest';
import { gaugeFill, ltvLevel } from './ltv';

describe('LTV gauge', () => {
  it('is safe below the margin call less 10 points, warns near it, is in danger at or above it', () => {
    expect(ltvLevel('0.65', '0.8', '0.9')).toBe('safe');
    expect(ltvLevel('0.72', '0.8', '0.9')).toBe('warning');
    expect(ltvLevel('0.8', '0.8', '0.9')).toBe('danger');
    expect(ltvLevel(null, '0.8', '0.9')).toBe('safe');
  });

  it('fills up to the liquidation LTV', () => {
    expect(gaugeFill('0.45', '0.9')).toBe(50);
    expect(gaugeFill('1.2', '0.9')).toBe(100);
    expect(gaugeFill(null, '0.9')).toBe(0);
  });
});
