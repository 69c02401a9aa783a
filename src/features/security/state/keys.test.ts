import { afterEach, describe, expect, it } from 'vitest';
import { cacheGet, cachePut, clearUserData, db } from '@/lib/db';
import { readOnlyOf, securityKey } from './keys';

afterEach(async () => {
  await db.cache.clear();
});

describe('the security page offline', () => {
  it('keeps each user apart and forgets everything, the anti-phishing code too, at sign-out', async () => {
    await cachePut(securityKey(7, 'anti-phishing'), { code: 'blue river' });
    await cachePut(securityKey(7, 'overview'), { anti_phishing: true });
    await cachePut(securityKey(7, 'sessions'), [{ id: 1 }]);
    await cachePut('proof:snapshots', []);
    expect(securityKey(8, 'anti-phishing')).not.toBe(securityKey(7, 'anti-phishing'));
    expect(await cacheGet(securityKey(8, 'anti-phishing'))).toBeUndefined();
    expect((await cacheGet(securityKey(7, 'anti-phishing')))?.value).toEqual({ code: 'blue river' });

    await clearUserData();
    for (const part of ['anti-phishing', 'overview', 'sessions'] as const) {
      expect(await cacheGet(securityKey(7, part))).toBeUndefined();
    }
    // What is nobody's stays.
    expect(await cacheGet('proof:snapshots')).toBeDefined();
  });

  it('is read-only offline only: a refresh that failed online leaves the actions on', () => {
    expect(readOnlyOf(true)).toBe(false);
    expect(readOnlyOf(false)).toBe(true);
  });
});
