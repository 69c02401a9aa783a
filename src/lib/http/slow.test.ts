import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_SPINNER_DELAY_MS, slowRequests, subscribeSlowRequests, trackSlow } from './slow';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('slow requests', () => {
  it('counts a request only once it has waited 800 ms, until it settles', async () => {
    expect(LOADING_SPINNER_DELAY_MS).toBe(800);
    const changes = vi.fn();
    const stop = subscribeSlowRequests(changes);
    const request = deferred();
    void trackSlow(request.promise);
    await vi.advanceTimersByTimeAsync(799);
    expect(slowRequests()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(slowRequests()).toBe(1);
    request.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(slowRequests()).toBe(0);
    expect(changes).toHaveBeenCalledTimes(2);
    stop();
  });

  it('never counts a reply that came sooner, and uncounts a failure', async () => {
    const quick = deferred();
    void trackSlow(quick.promise);
    await vi.advanceTimersByTimeAsync(500);
    quick.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(slowRequests()).toBe(0);
    const failing = deferred();
    const tracked = trackSlow(failing.promise);
    await vi.advanceTimersByTimeAsync(900);
    expect(slowRequests()).toBe(1);
    failing.reject(new Error('offline'));
    await expect(tracked).rejects.toThrow('offline');
    expect(slowRequests()).toBe(0);
  });
});
