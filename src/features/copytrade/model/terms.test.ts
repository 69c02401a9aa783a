import { describe, expect, it } from 'vitest';
import { ratePercent } from './terms';

describe('ratePercent', () => {
  it('writes a published rate as a percentage', () => {
    expect(ratePercent('0.0005')).toBe('0.05');
    expect(ratePercent('0.0003')).toBe('0.03');
    expect(ratePercent('0.001')).toBe('0.1');
    expect(ratePercent('0')).toBe('0');
  });
});
