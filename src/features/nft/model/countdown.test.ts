import { describe, expect, it } from 'vitest';
import { clock, remaining } from './countdown';

describe('auction countdown', () => {
  it('splits the time left into days, hours, minutes and seconds, rounding seconds up', () => {
    const r = remaining(1_000_000 + 2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_500, 1_000_000);
    expect(r).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 6, done: false });
    expect(clock(r, 'd')).toBe('2d 03:04:06');
  });

  it('shows hours, minutes and seconds under a day and stops at zero', () => {
    expect(clock(remaining(61_000, 0), 'd')).toBe('00:01:01');
    expect(remaining(5, 10)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
});
