import { afterEach, expect, it, vi } from 'vitest';
import type { TickerEvent } from '@contract/market-events';
import { sql } from 'drizzle-orm';
import * as market from '@contract/market';
import type { PairQuote } from '@contract/market';
import { rows } from '../db/rows';
import type { TestApp } from '../testing/app';
import { MINUTE, SECOND } from '../testing/clock';
import { openCluster, type Cluster } from '../testing/cluster';
import { clientFactory, listen } from '../testing/socket-client';
import { instrument } from '../testing/trade';
import { PERIODS } from './periods';

let cluster: Cluster | undefined;
const clients = clientFactory();
afterEach(async () => {
  clients.closeAll();
  await cluster?.close();
  cluster = undefined;
});

/** A Tuesday 11:00 in New York: the stocks trade too. */
const START = new Date(Date.UTC(2031, 2, 11, 15, 0, 0));
const BTC = instrument('BTC/USDT');

async function started(): Promise<Cluster> {
  cluster = await openCluster();
  cluster.clock.set(START);
  return cluster;
}

/** The clock moves; the publisher pumps, and the follower pumps until it shows what was published. */
async function tick(c: Cluster, publisher: TestApp, follower: TestApp, ms = SECOND): Promise<void> {
  c.clock.advance(ms);
  await publisher.app.ctx.market.pump();
  await vi.waitFor(
    async () => {
      await follower.app.ctx.market.pump();
      expect(follower.app.ctx.market.quotes()).toEqual(publisher.app.ctx.market.quotes());
    },
    { timeout: 5_000, interval: 20 },
  );
}

const quoteOf = (t: TestApp, symbol: string): PairQuote => {
  const q = t.app.ctx.market.quotes().find((x) => x.symbol === symbol);
  if (!q) throw new Error(symbol);
  return q;
};

it('a worker runs the feed; an api process applies its events and answers /currency/* the same', async () => {
  const c = await started();
  const worker = await c.start('worker');
  const api = await c.start('api');
  expect(worker.app.ctx.market.runsFeed()).toBe(true);
  expect(api.app.ctx.market.runsFeed()).toBe(false);

  for (let i = 0; i < 3; i++) await tick(c, worker, api);
  // A minute in one pump (the simulation replays it second by second): candles close.
  await tick(c, worker, api, MINUTE);
  await tick(c, worker, api);
  const btc = quoteOf(worker, 'BTC/USDT');
  expect(btc).toMatchObject({ stale: false, source: 'simulated' });
  expect(Number(btc.volume)).toBeGreaterThan(0);
  expect(quoteOf(worker, 'AAPL/USD').stale).toBe(false);

  // The api answers over HTTP what the publisher's runtime holds.
  const board = (await api.call(market.quotationNew)).body.message as { quotation: PairQuote[] }[];
  expect(board.flatMap((g) => g.quotation)).toEqual(worker.app.ctx.market.quotes());
  const detail = (await api.call(market.marketDetail, { symbol: 'BTC/USDT' })).body.message as { quote: PairQuote };
  expect(detail.quote).toEqual(btc);
  const now = c.clock.now().getTime();
  for (const period of PERIODS) {
    const from = now - 3 * 86_400_000;
    const charted = await api.call(market.newTimeshar, { symbol: 'BTC/USDT', period, from, to: now });
    expect(charted.body.message, period).toEqual(await worker.app.ctx.market.candles(BTC, period, from, now));
  }
  // The feed's depth comes from the same last price.
  expect(api.app.ctx.market.feed.depth(BTC, btc.now_price, now)).toEqual(
    worker.app.ctx.market.feed.depth(BTC, btc.now_price, now),
  );

  // Only the publisher writes the price record; the api's marks follow the publisher's.
  await worker.app.ctx.priceRecord.history.idle();
  await vi.waitFor(() =>
    expect(api.app.ctx.priceRecord.history.recordedThrough(BTC.id)).toBe(
      worker.app.ctx.priceRecord.history.recordedThrough(BTC.id),
    ),
  );
  expect(api.app.ctx.priceRecord.history.recordedThrough(BTC.id)).toBeGreaterThan(START.getTime());
  expect(await api.app.ctx.market.writeFeedData(() => Promise.reject(new Error('must not run')))).toBe(false);
});

it('when the publisher stops, another candidate takes the seat and the feed continues from its last price', async () => {
  const c = await started();
  const first = await c.start('worker');
  const second = await c.start('worker');
  expect([first.app.ctx.market.runsFeed(), second.app.ctx.market.runsFeed()]).toEqual([true, false]);
  for (let i = 0; i < 3; i++) await tick(c, first, second);
  const before = quoteOf(second, 'BTC/USDT');

  await first.close();
  await vi.waitFor(() => expect(second.app.ctx.market.runsFeed()).toBe(true), { timeout: 10_000, interval: 50 });

  // Five seconds later the new publisher trades from where the last one stopped.
  c.clock.advance(5 * SECOND);
  await second.app.ctx.market.pump();
  const after = quoteOf(second, 'BTC/USDT');
  expect(after.ts).toBe(before.ts + 5 * SECOND);
  expect(Math.abs(Number(after.now_price) / Number(before.now_price) - 1)).toBeLessThan(0.01);
  // It writes the feed's data now: the minute's candle reaches the database.
  c.clock.advance(MINUTE);
  await second.app.ctx.market.pump();
  const minute = Math.floor(c.clock.now().getTime() / MINUTE) * MINUTE - MINUTE;
  const [stored] = await rows<{ n: number }>(
    second.app.ctx.db,
    sql`SELECT count(*)::int AS n FROM candles WHERE pair_id = ${BTC.id} AND period = '1min' AND time = ${minute}`,
  );
  expect(stored?.n).toBe(1);

  // A process that joins now follows the new publisher.
  const api = await c.start('api');
  await tick(c, second, api);
});

it('sends each connection every market event once, from the process it is connected to', async () => {
  const c = await started();
  const options = { realtime: { minGapMs: 0 } };
  const worker = await c.start('worker', options);
  const apis = [await c.start('api', options), await c.start('api', options)];
  const socket = await clients.connect(await listen(apis[0]!.app));
  await socket.emitWithAck('subscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] });
  const seen: TickerEvent[] = [];
  socket.on('daymarket', (e: TickerEvent) => seen.push(e));

  c.clock.advance(SECOND);
  await worker.app.ctx.market.pump();
  for (const api of apis) await tick(c, worker, api, 0);
  await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
  // Every process has the tick: a copy through Redis from each would arrive within moments.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const btc = quoteOf(worker, 'BTC/USDT');
  expect(seen).toEqual([expect.objectContaining({ now_price: btc.now_price, volume: btc.volume, ts: btc.ts })]);
});
