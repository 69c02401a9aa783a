import { describe, expect, it } from 'vitest';
import { defaultWindow, fromLocalInput, toLocalInput } from './resale';

describe('resale form times', () => {
  it('round-trips a local date and time through the input format', () => {
    const ms = new Date(2026, 10, 23, 9, 5).getTime();
    expect(toLocalInput(ms)).toBe('2026-11-23T09:05');
    expect(fromLocalInput('2026-11-23T09:05')).toBe(ms);
  });

  it('refuses an empty or malformed value', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
  });

  it('starts at the next whole 5 minutes at least a minute ahead and ends a day later', () => {
    const now = Date.UTC(2026, 0, 1, 10, 4, 30);
    const w = defaultWindow(now);
    expect(w.start).toBe(Date.UTC(2026, 0, 1, 10, 10));
    expect(w.end - w.start).toBe(86_400_000);
  });
});
