// Spot trading through a deployment with roles: two api processes and a worker on one PostgreSQL
// database and Redis (`testing/cluster.ts`). Orders sent to either api process are matched by the
// worker that owns the pair, answered once committed, and every api process shows the same book.
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import * as trade from '@contract/trade';
import { checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { openCluster, type Cluster } from '../../testing/cluster';
import { fundChange, pushFeed, tick } from '../../testing/trade';
import { tradingProblems } from '../../testing/trading';
import { callWithKey, okOf } from '../../testing/wallet';
import type { TestApp } from '../../testing/app';
import { PAIRS } from '../pairs';
import { RemoteTrading } from './router';

const BTC = { currency_id: 1, legal_id: 3 };
let cluster: Cluster | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
});

const order = (t: TestApp, token: string, side: string, price: string, key = randomUUID()) =>
  callWithKey(
    t,
    trade.placeOrder,
    { lang: 'en', ...BTC, side, type: 'limit', amount: '0.001', target_price: price },
    { token, key },
  );

it('matches orders sent to two api processes on the worker that owns the pair, once each', async () => {
  cluster = await openCluster();
  const feed = pushFeed();
  const worker = await cluster.start('worker', { market: { manual: true, feed } });
  const api1 = await cluster.start('api', { market: { manual: true } });
  const api2 = await cluster.start('api', { market: { manual: true } });
  expect(api1.app.ctx.trading).toBeInstanceOf(RemoteTrading);
  expect(worker.app.ctx.spot.holds(BTC.currency_id)).toBe(true);
  await tick(worker, feed, 'BTC/USDT', '100000');
  await vi.waitFor(async () => {
    await api1.app.ctx.market.pump();
    await api2.app.ctx.market.pump();
    expect(api2.app.ctx.market.quote(api2.app.ctx.market.instruments()[0]!).now_price).toBe('100000');
  });
  const seller = await registerUser(api1);
  const buyer = await registerUser(api2);
  await fundChange(api1, seller.token);
  await fundChange(api2, buyer.token);

  const sell = await order(api1, seller.token, 'sell', '100000');
  expect(okOf(trade.placeOrder, sell.body).status).toBe('open');
  // The same key again, through the other process: the stored answer, not a second order.
  const key = randomUUID();
  const [buy, again] = await Promise.all([
    order(api2, buyer.token, 'buy', '100000', key),
    order(api1, buyer.token, 'buy', '100000', key),
  ]);
  expect(okOf(trade.placeOrder, buy.body)).toEqual(okOf(trade.placeOrder, again.body));
  expect(okOf(trade.placeOrder, buy.body).status).toBe('filled');
  // Both api processes show the trade from the worker's published book.
  for (const t of [api1, api2]) {
    await vi.waitFor(async () => {
      const book = okOf(trade.orderBook, (await t.call(trade.orderBook, { lang: 'en', ...BTC })).body);
      expect(book.trades[0]).toMatchObject({ price: '100000', amount: '0.001' });
    });
  }
  // Another user's order id through the other process: not found, as on one process.
  const id = okOf(trade.placeOrder, sell.body).id;
  const foreign = await callWithKey(
    api2,
    trade.cancelOrder,
    { lang: 'en', id },
    { token: buyer.token, key: randomUUID() },
  );
  expect(foreign.body).toMatchObject({ type: 'error' });
  // The worker is ready with its leases in hand, and says how many pairs it matches.
  const probe = (url: string) => worker.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
  expect((await probe('/health/ready')).json()).toMatchObject({ status: 'ready', checks: { leases: 'ok' } });
  const metrics = (await probe('/metrics')).body;
  expect(metrics).toMatch(new RegExp(`^spot_pairs_held ${PAIRS.size}$`, 'm'));
  expect(metrics).toMatch(new RegExp(`^spot_pair_moves_total\\{move="gained"\\} ${PAIRS.size}$`, 'm'));
  const committing = worker.app.ctx.spot.committing!;
  expect(await tradingProblems(worker.app.ctx.db, committing)).toEqual([]);
  expect((await checkInvariants(worker.app.ctx.db)).problems).toEqual([]);
});
