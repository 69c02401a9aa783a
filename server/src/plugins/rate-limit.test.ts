import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { registerUser } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { describeOnOneDatabase } from '../testing/suite';

describeOnOneDatabase('rate limits per account', ({ database }) => {
  it('counts a signed-in account across addresses, and each account on one address apart', async () => {
    const t = await createTestApp(database(), { limits: { globalPerMinute: 100, userPerMinute: 4 } });
    try {
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const info = (token: string, ip: string) =>
        t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: token }, remoteAddress: ip });
      const replies = [];
      // One account moving between addresses (wifi, mobile data) keeps one bucket.
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']) {
        replies.push(await info(alice.token, ip));
      }
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429]);
      // The counters travel only with a refusal, which says when to try again.
      expect(Object.keys(replies[0]!.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
      expect(replies[4]!.headers).toMatchObject({ 'x-ratelimit-limit': '4', 'x-ratelimit-remaining': '0' });
      expect(Number(replies[4]!.headers['retry-after'])).toBeGreaterThan(0);
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
});
