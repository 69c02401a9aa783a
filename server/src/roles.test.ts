import { afterEach, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import * as market from '@contract/market';
import type { Db } from './db/client';
import { rows } from './db/rows';
import { dutiesOf, isOpsPath } from './roles';
import { MINUTE } from './testing/clock';
import { openCluster, type Cluster } from './testing/cluster';
import { instrument, makerHandle } from './testing/trade';

let cluster: Cluster | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
});

const MAKER = { enabled: true, spreadBps: 20, levels: 3, levelValue: 1000, maxInventory: 50_000 };

/** What background work leaves in the database: runs, maker orders, feed data, demo shelves. */
async function traces(db: Db): Promise<Record<string, number>> {
  const [row] = await rows<Record<string, number>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM scheduled_runs)::int AS runs,
      (SELECT count(*) FROM spot_orders WHERE user_id IS NULL)::int AS maker_orders,
      (SELECT count(*) FROM candles)::int AS candles,
      (SELECT count(*) FROM price_seconds)::int AS price_seconds,
      (SELECT count(*) FROM content_items)::int AS content,
      (SELECT count(*) FROM lock_products)::int AS lock_products,
      (SELECT count(*) FROM nft_artworks)::int AS artworks,
      (SELECT count(*) FROM coupons)::int AS coupons,
      (SELECT count(*) FROM loan_terms)::int AS loan_terms`,
  );
  return row ?? {};
}

it('says what each role runs', () => {
  expect(dutiesOf(undefined)).toEqual({ serveApi: true, background: true, mayPublishFeed: true });
  expect(dutiesOf('api')).toEqual({ serveApi: true, background: false, mayPublishFeed: false });
  expect(dutiesOf('worker')).toEqual({ serveApi: false, background: true, mayPublishFeed: true });
  expect(['/health/live', '/health/ready?x=1', '/metrics'].map(isOpsPath)).toEqual([true, true, true]);
  expect(['/api/health', '/h5/', '/socket.io/', '/metricsx', '/healthz'].map(isOpsPath)).toEqual(Array(5).fill(false));
});

it('an api process starts no background work; a worker does all of it and answers only probes and metrics', async () => {
  cluster = await openCluster();
  const c = cluster;
  const apiMaker = makerHandle();
  const workerMaker = makerHandle();
  // Everything that would run on its own does: scheduler timer, demo seeds, the maker's funding.
  const background = { demoSeeds: true, config: { maker: MAKER }, scheduler: { manual: false, tickMs: 20 } };
  const api = await c.start('api', { ...background, maker: { manual: true, ready: apiMaker.ready } });
  // Ready: the hooks that start a process's background work have run.
  await api.app.ready();
  const db = api.app.ctx.db;
  const before = await traces(db);
  // A job only this process has: it would be recorded if its scheduler ever ran a pass.
  api.app.ctx.scheduler.register({ name: 'probe.api', every: 'minute', run: async () => {} });
  for (let i = 0; i < 3; i++) {
    c.clock.advance(MINUTE);
    await api.app.ctx.market.pump();
  }
  await api.app.ctx.priceRecord.history.idle();
  expect(await traces(db)).toEqual(before);
  expect(() => apiMaker.get()).toThrow('no market maker started');
  expect(api.app.push.worker).toBeUndefined();
  expect(api.app.ctx.market.runsFeed()).toBe(false);
  // It serves the API, the PWA's routes and sockets.
  expect((await api.call(market.quotationNew)).body.type).toBe('ok');

  const worker = await c.start('worker', { ...background, maker: { manual: true, ready: workerMaker.ready } });
  await worker.app.ready();
  expect(worker.app.ctx.market.runsFeed()).toBe(true);
  expect(worker.app.push.worker).toBeDefined();
  // A minute of trades: candles close and are stored, the price record is written.
  c.clock.advance(MINUTE);
  await worker.app.ctx.market.pump();
  await worker.app.ctx.priceRecord.history.idle();
  await workerMaker.get().step();
  await vi.waitFor(async () => expect((await traces(db)).runs).toBeGreaterThan(0), { timeout: 10_000 });
  const after = await traces(db);
  for (const key of [
    'maker_orders',
    'candles',
    'price_seconds',
    'content',
    'lock_products',
    'artworks',
    'coupons',
    'loan_terms',
  ]) {
    expect(after[key], key).toBeGreaterThan(before[key] ?? 0);
  }
  // The api's probe job never ran, though the worker's scheduler has made its passes meanwhile.
  const [probe] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM scheduled_runs WHERE job = 'probe.api'`,
  );
  expect(probe?.n).toBe(0);
  // The api now quotes the worker's feed.
  await vi.waitFor(async () => {
    await api.app.ctx.market.pump();
    expect(api.app.ctx.market.quote(instrument('BTC/USDT'))).toEqual(
      worker.app.ctx.market.quote(instrument('BTC/USDT')),
    );
  });

  const get = (url: string) => worker.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
  expect((await get('/health/live')).statusCode).toBe(200);
  expect((await get('/health/ready')).json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
  const metrics = await get('/metrics');
  expect(metrics.body).toMatch(/^market_feed_publisher 1$/m);
  for (const url of [
    `/api${market.quotationNew.path}`,
    '/api/docs',
    '/h5/',
    '/dev/mailbox',
    '/socket.io/?EIO=4&transport=polling',
  ]) {
    const res = await get(url);
    expect([url, res.statusCode, res.json()]).toEqual([url, 404, { status: 'not_served', role: 'worker' }]);
  }
  expect(worker.app.realtime.connections()).toBe(0);
}, 60_000);
