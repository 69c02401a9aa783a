import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoomThrottle } from './throttle';

describe('createRoomThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first value at once and a burst as one trailing emit of its latest value', () => {
    const sent: [string, number][] = [];
    const throttle = createRoomThrottle<number>(
      1000,
      (room, v) => sent.push([room, v]),
      () => Date.now(),
    );
    throttle.push('a', 1);
    expect(sent).toEqual([['a', 1]]);
    throttle.push('a', 2);
    throttle.push('a', 3);
    throttle.push('b', 9);
    expect(sent).toEqual([
      ['a', 1],
      ['b', 9],
    ]);
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['a', 1],
      ['b', 9],
      ['a', 3],
    ]);
    throttle.close();
  });

  it('keeps at most one emit per room per gap under a steady flood', () => {
    const sent: number[] = [];
    const throttle = createRoomThrottle<number>(
      1000,
      (_room, v) => sent.push(v),
      () => Date.now(),
    );
    for (let i = 0; i < 100; i++) {
      throttle.push('a', i);
      vi.advanceTimersByTime(100);
    }
    // 10 s of pushes every 100 ms: about ten emits, never two within a second.
    expect(sent.length).toBeGreaterThanOrEqual(9);
    expect(sent.length).toBeLessThanOrEqual(11);
    expect(sent.at(-1)).toBeGreaterThanOrEqual(90);
    throttle.close();
  });

  it('does not delay a room that ticks once per gap', () => {
    const sent: number[] = [];
    const throttle = createRoomThrottle<number>(
      900,
      (_room, v) => sent.push(v),
      () => Date.now(),
    );
    for (let i = 0; i < 5; i++) {
      throttle.push('a', i);
      expect(sent).toEqual(Array.from({ length: i + 1 }, (_, k) => k));
      vi.advanceTimersByTime(1000);
    }
    throttle.close();
  });

  it('drops pending values on close', () => {
    const sent: number[] = [];
    const throttle = createRoomThrottle<number>(
      1000,
      (_room, v) => sent.push(v),
      () => Date.now(),
    );
    throttle.push('a', 1);
    throttle.push('a', 2);
    throttle.close();
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([1]);
  });
});
