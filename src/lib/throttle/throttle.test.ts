import { describe, expect, it, vi } from 'vitest';
import { throttle, THROTTLE_MS } from '.';

describe('throttle', () => {
  it('acts on the first call and ignores repeats within 500 ms', () => {
    let now = 0;
    const fn = vi.fn();
    const tap = throttle(fn, THROTTLE_MS, () => now);
    tap('a');
    now = 499;
    tap('b');
    expect(fn).toHaveBeenCalledExactlyOnceWith('a');
    now = 500;
    tap('c');
    expect(fn).toHaveBeenLastCalledWith('c');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('measures the window from the last accepted call', () => {
    let now = 0;
    const fn = vi.fn();
    const tap = throttle(fn, 500, () => now);
    tap();
    for (now = 100; now < 500; now += 100) tap();
    expect(fn).toHaveBeenCalledTimes(1);
    now = 600;
    tap();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
