import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { BTC_USDT, limit, tradingUser, USDT } from '../testing/trading';
import { describeOnOneDatabase } from '../testing/suite';

const OUTSIDE = '203.0.113.7';

describeOnOneDatabase('health and metrics', ({ app, database }) => {
  it('is live, and ready with its database; Redis and the engine lock are off in a bare app', async () => {
    const { app: fastify } = app();
    const live = await fastify.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await fastify.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'off', engine: 'off' } });
  });

  it('is not ready once its engine lock is lost, nor while it closes, and live all along', async () => {
    let held = true;
    const owner = await buildApp({
      config: app().config,
      db: database(),
      logger: false,
      engine: { lock: 'advisory_lock', since: new Date(), check: () => Promise.resolve(held) },
    });
    let closing: Promise<void> | undefined;
    try {
      expect((await owner.inject({ method: 'GET', url: '/health/ready' })).json().checks.engine).toBe('ok');
      held = false;
      const lost = await owner.inject({ method: 'GET', url: '/health/ready' });
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toMatchObject({ status: 'unavailable', checks: { engine: 'failed', database: 'ok' } });
      held = true;
      const url = `${await owner.listen({ port: 0, host: '127.0.0.1' })}/health/ready`;
      expect((await fetch(url)).status).toBe(200);
      closing = owner.close();
      // Fastify answers 503 to what arrives once closing has begun, so a proxy's probe moves on.
      const during = await fetch(url).then(
        (r) => r.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(during);
    } finally {
      await (closing ?? owner.close());
    }
  });

  it('serves Prometheus metrics to this machine: requests by route, trading batches, the process', async () => {
    const t = app();
    const user = await tradingUser(database().db, { [USDT]: '1000' });
    await t.app.ctx.trading.place(limit(user, BTC_USDT, 'buy', 9_000_000, 10));
    await t.app.inject({ method: 'GET', url: '/health/live' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/health\/live",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/trading_batch_commands_count [1-9]/);
    expect(text).toMatch(/trading_batch_seconds_count\{outcome="committed"\} [1-9]/);
    expect(text).toMatch(/^trading_queue_commands 0$/m);
    expect(text).toMatch(/^realtime_sockets 0$/m);
    expect(text).toMatch(/^push_outbox_rows \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    // An unknown path is one label, not one per URL a scanner tries.
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing-1' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing-2' });
    const after = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(after).not.toContain('no-such-thing');
  });

  it('refuses metrics to other addresses unless they send the token, compared in constant time', async () => {
    const token = 'a-long-scrape-token-0123456789';
    const scraped = await buildApp({ config: { ...app().config, metricsToken: token }, db: database(), logger: false });
    try {
      const get = (authorization?: string) =>
        scraped.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: OUTSIDE,
          headers: authorization ? { authorization } : {},
        });
      expect((await get()).statusCode).toBe(403);
      expect((await get('Bearer wrong')).statusCode).toBe(403);
      expect((await get(`Bearer ${token}x`)).statusCode).toBe(403);
      expect((await get(token)).statusCode).toBe(403);
      const ok = await get(`Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
    } finally {
      await scraped.close();
    }
    // Without a token configured nobody outside gets in, whatever they send.
    const bare = await app().app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: OUTSIDE,
      headers: { authorization: 'Bearer ' },
    });
    expect(bare.statusCode).toBe(403);
  });

  it('answers a burst of probes and scrapes together', async () => {
    const { app: fastify } = app();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fastify.inject({ method: 'GET', url: i % 2 ? '/health/ready' : '/metrics' }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array.from({ length: 40 }, () => 200));
  });
});
