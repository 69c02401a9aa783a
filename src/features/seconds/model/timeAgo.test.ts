import { describe, expect, test } from 'vitest';
import { settledAgo } from './timeAgo';

const MIN = 60_000;
const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('settled time ago (SPEC.md section 9: 5 min, 1 h, 1 day, 30 days)', () => {
  test('under 5 minutes is now', () => {
    expect(settledAgo(now - 4 * MIN - 59_000, now, 'en')).toBe('now');
    expect(settledAgo(now + 2_000, now, 'en')).toBe('now');
  });
  test('minutes from 5 minutes to an hour', () => {
    expect(settledAgo(now - 5 * MIN, now, 'en')).toBe('5 minutes ago');
    expect(settledAgo(now - 59 * MIN, now, 'en')).toBe('59 minutes ago');
  });
  test('hours from an hour to a day', () => {
    expect(settledAgo(now - 60 * MIN, now, 'en')).toBe('1 hour ago');
    expect(settledAgo(now - 23 * 60 * MIN, now, 'en')).toBe('23 hours ago');
  });
  test('days from a day to 30 days', () => {
    expect(settledAgo(now - 24 * 60 * MIN, now, 'en')).toBe('yesterday');
    expect(settledAgo(now - 29 * 24 * 60 * MIN, now, 'en')).toBe('29 days ago');
  });
  test('the date from 30 days', () => {
    expect(settledAgo(now - 30 * 24 * 60 * MIN, now, 'en')).toBe('Oct 23, 2026');
  });
  test('in another language', () => {
    expect(settledAgo(now - 10 * MIN, now, 'fr')).toBe('il y a 10 minutes');
  });
});
