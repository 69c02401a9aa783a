import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { registerUser } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { WindowCounters } from './rate-limit';

describeEachDatabase('rate limits per account', ({ database }) => {
  it('counts a signed-in account across addresses, and each account on one address apart', async () => {
    const t = await createTestApp(database(), { limits: { globalPerMinute: 100, userPerMinute: 4 } });
    try {
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const info = (token: string, ip: string) =>
        t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: token }, remoteAddress: ip });
      const statuses: number[] = [];
      // One account moving between addresses (wifi, mobile data) keeps one bucket.
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']) {
        statuses.push((await info(alice.token, ip)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      // Another account behind the first address is not affected.
      expect((await info(bob.token, '203.0.113.1')).statusCode).toBe(200);
      // Nor is that address before signing in (a different bucket and limit).
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/getSiteConfig', remoteAddress: '203.0.113.1' });
      expect(anonymous.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('keeps login limited per address even with a session token', async () => {
    const t = await createTestApp(database(), { limits: { strictPerMinute: 2, userPerMinute: 100 } });
    try {
      const { token } = await registerUser(t);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const ip = '203.0.113.9';
        statuses.push(
          (await t.call(auth.login, { user_string: 'x@example.com', password: 'nope-nope' }, { token, ip })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('tells the budget left on every reply and counts a HEAD request once', async () => {
    const t = await createTestApp(database(), { limits: { globalPerMinute: 5 } });
    try {
      const call = (method: 'GET' | 'HEAD') =>
        t.app.inject({ method, url: '/api/getSiteConfig', remoteAddress: '203.0.113.20' });
      const first = await call('GET');
      expect(first.headers['x-ratelimit-limit']).toBe('5');
      expect(first.headers['x-ratelimit-remaining']).toBe('4');
      expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect((await call('HEAD')).headers['x-ratelimit-remaining']).toBe('3');
      expect((await call('GET')).headers['x-ratelimit-remaining']).toBe('2');
    } finally {
      await t.close();
    }
  });
});

it('counts in fixed windows and forgets the key least recently counted beyond its bound', () => {
  const counters = new WindowCounters(60_000, 2);
  expect(counters.hit('a', 0)).toEqual({ count: 1, leftMs: 60_000 });
  expect(counters.hit('a', 59_000)).toEqual({ count: 2, leftMs: 1_000 });
  // A new window starts when the last one ended.
  expect(counters.hit('a', 60_000)).toEqual({ count: 1, leftMs: 60_000 });
  counters.hit('b', 60_000);
  counters.hit('a', 60_001);
  // A third key pushes out the one counted longest ago ('b'), not the one counted last.
  counters.hit('c', 60_002);
  expect(counters.hit('a', 60_003).count).toBe(3);
  expect(counters.hit('b', 60_004).count).toBe(1);
});
