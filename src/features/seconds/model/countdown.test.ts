import { describe, expect, test } from 'vitest';
import { elapsedShare, formatCountdown, remainingAt } from './countdown';

describe('countdown', () => {
  test('counts down from the server remaining time with the screen clock', () => {
    const c = { remainingMs: 30_000, receivedAt: 1_000_000 };
    expect(remainingAt(c, 1_000_000)).toBe(30_000);
    expect(remainingAt(c, 1_012_500)).toBe(17_500);
    expect(remainingAt(c, 1_031_000)).toBe(0);
    // A clock that went backwards does not add time.
    expect(remainingAt(c, 999_000)).toBe(30_000);
  });

  test('shows whole seconds rounded up, minutes and hours', () => {
    expect(formatCountdown(30_000)).toBe('0:30');
    expect(formatCountdown(29_001)).toBe('0:30');
    expect(formatCountdown(29_000)).toBe('0:29');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(245_000)).toBe('4:05');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
  });

  test('elapsed share of the duration', () => {
    expect(elapsedShare(30_000, 30)).toBe(0);
    expect(elapsedShare(15_000, 30)).toBe(0.5);
    expect(elapsedShare(0, 30)).toBe(1);
    expect(elapsedShare(40_000, 30)).toBe(0);
  });
});
