import { describe, expect, it } from 'vitest';
import { cachedState } from './useCachedQuery';

describe('cachedState', () => {
  it('is not ready while the cache is being read', () => {
    expect(cachedState(undefined)).toEqual({ value: undefined, savedAt: undefined, ready: false });
  });

  it('is ready without a value when nothing is cached', () => {
    expect(cachedState(null)).toEqual({ value: undefined, savedAt: undefined, ready: true });
  });

  it('keeps a cached null answer (no bank card bound) as null, a known value', () => {
    expect(cachedState({ value: null, savedAt: 5 })).toEqual({ value: null, savedAt: 5, ready: true });
  });

  it('returns a cached value with its time', () => {
    expect(cachedState({ value: { a: 1 }, savedAt: 7 })).toEqual({ value: { a: 1 }, savedAt: 7, ready: true });
  });
});
