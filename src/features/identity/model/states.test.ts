import { describe, expect, it } from 'vitest';
import { canSubmit } from './states';

describe('identity levels', () => {
  it('offers level 1 until it is under review or certified', () => {
    expect(canSubmit(1, 'none', 'none')).toBe(true);
    expect(canSubmit(1, 'failed', 'none')).toBe(true);
    expect(canSubmit(1, 'review', 'none')).toBe(false);
    expect(canSubmit(1, 'certified', 'none')).toBe(false);
  });
  it('offers level 2 only after level 1 is certified', () => {
    expect(canSubmit(2, 'review', 'none')).toBe(false);
    expect(canSubmit(2, 'certified', 'none')).toBe(true);
    expect(canSubmit(2, 'certified', 'failed')).toBe(true);
    expect(canSubmit(2, 'certified', 'review')).toBe(false);
  });
});
