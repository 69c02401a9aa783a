// Rate limits with REDIS_URL: two API processes on one database and one Redis count every
// client together, whichever process each request lands on.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { registerUser } from '../testing/accounts';
import { apiProcesses, type ApiProcess, type ApiProcesses } from '../testing/api-processes';

let cluster: ApiProcesses;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  cluster = await apiProcesses();
  const limits = { globalPerMinute: 5, userPerMinute: 4, strictPerMinute: 3 };
  [a, b] = await Promise.all([cluster.start({ limits }), cluster.start({ limits })]);
}, 60_000);

afterAll(() => cluster?.close());

const siteConfig = (p: ApiProcess, ip: string) =>
  p.app.inject({ method: 'GET', url: '/api/getSiteConfig', remoteAddress: ip });
const userInfo = (p: ApiProcess, token: string, ip: string) =>
  p.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: token }, remoteAddress: ip });

describe('rate limits across two API processes on one Redis', () => {
  it('counts an address before signing in over both processes', async () => {
    const ip = '198.51.100.1';
    const statuses = [];
    for (const p of [a, b, a, b, a, b]) statuses.push((await siteConfig(p, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The refusal on B carries the shared count.
    const refused = await siteConfig(a, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    // The counters are in Redis, under the deployment's prefix.
    expect(await cluster.redis.keys(`${cluster.prefix}rate-limit:*`)).toContain(`${cluster.prefix}rate-limit:ip:${ip}`);
  });

  it('counts a signed-in account over both processes and every address', async () => {
    // Registered from its own address, so sign-up's requests do not count against the checks below.
    const alice = await registerUser(a);
    const statuses = [];
    const calls: [ApiProcess, string][] = [
      [a, '198.51.100.10'],
      [b, '198.51.100.11'],
      [b, '198.51.100.12'],
      [a, '198.51.100.13'],
      [b, '198.51.100.14'],
    ];
    for (const [p, ip] of calls) statuses.push((await userInfo(p, alice.token, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it("keeps login's tighter limit per address over both processes", async () => {
    const ip = '198.51.100.20';
    const statuses = [];
    for (const p of [a, b, a, b]) {
      const reply = await p.call(auth.login, { user_string: 'nobody@example.com', password: 'wrong-pass-1' }, { ip });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('lets requests through while its Redis connection is gone, and counts again once it is back', async () => {
    const c = await cluster.start({ limits: { globalPerMinute: 2 } });
    // The connection the counters go through (socket.io publishes on the same one).
    const { pubClient } = c.app.realtime.io.of('/').adapter as unknown as { pubClient: Redis };
    pubClient.disconnect();
    const ip = '198.51.100.30';
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await siteConfig(c, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    await pubClient.connect();
    for (let i = 0; i < 3; i++) statuses.push((await siteConfig(c, ip)).statusCode);
    expect(statuses.slice(3)).toEqual([200, 200, 429]);
  });
});
