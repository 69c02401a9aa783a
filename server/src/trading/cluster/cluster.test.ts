// Spot matching owned per pair by several workers on one PostgreSQL database, commands routed
// through Redis streams. In one process (the real-process kill tests are `kill.test.ts`), with
// leases of one second so takeovers happen within a test. Needs DATABASE_URL and Redis.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rows } from '../../db/rows';
import { checkInvariants, requestHash } from '../../ledger/index';
import { testDatabases } from '../../testing/databases';
import { spotCluster, type TestWorker } from '../../testing/spot-cluster';
import { BTC, BTC_USDT, limit, tradingProblems, tradingUser, USDT } from '../../testing/trading';
import { PAIRS } from '../pairs';
import type { NewOrder } from '../types';
import { GROUP } from './keys';

const postgres = testDatabases().find((d) => d.name === 'postgres');
const ETH_USDT = 2;
const ETH = 2;
let n = 0;
const keyed = (order: NewOrder): NewOrder => {
  const key = `k${++n}`;
  return { ...order, idempotency: { key, hash: requestHash('/coin/trade', { key }), scope: '/coin/trade' } };
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.runIf(postgres)('spot pairs owned by several workers [postgres]', () => {
  let database: Database;
  let cluster: ReturnType<typeof spotCluster>;
  const db = () => database.db;
  beforeAll(async () => {
    database = await postgres!.open();
  });
  afterAll(() => database.close());
  afterEach(async () => {
    await cluster.close();
    await db().execute(sql`DELETE FROM spot_pair_leases; DELETE FROM spot_workers`);
  });

  const ownerOf = async (pairId: number) => {
    const [r] = await rows<{ owner: string; epoch: string }>(
      db(),
      sql`SELECT owner, epoch FROM spot_pair_leases WHERE pair_id = ${pairId}`,
    );
    return r;
  };

  /** Two workers that have each taken their share (the second's first tick makes the first hand over). */
  async function twoWorkers(): Promise<[TestWorker, TestWorker]> {
    const a = await cluster.worker('a');
    await a.owner.start();
    const b = await cluster.worker('b');
    await b.owner.start();
    await a.owner.tickOnce();
    await b.owner.tickOnce();
    return [a, b];
  }

  it('shares the pairs out, routes orders to their owners and matches them there, mirrored everywhere', async () => {
    cluster = spotCluster(db());
    const [a, b] = await twoWorkers();
    const half = Math.ceil(PAIRS.size / 2);
    expect(a.owner.held.length + b.owner.held.length).toBe(PAIRS.size);
    expect(a.owner.held.length).toBeLessThanOrEqual(half);
    expect(b.owner.held.length).toBeLessThanOrEqual(half);
    expect(new Set([...a.owner.held, ...b.owner.held]).size).toBe(PAIRS.size);

    const api1 = await cluster.router();
    const api2 = await cluster.router();
    const seller = await tradingUser(db(), { [BTC]: '1', [ETH]: '1' });
    const buyer = await tradingUser(db(), { [USDT]: '100000' });
    const sells = await Promise.all([
      api1.place(keyed(limit(seller, BTC_USDT, 'sell', 9_700_000, 1000))),
      api1.place(keyed(limit(seller, ETH_USDT, 'sell', 300_000, 1000))),
    ]);
    expect(sells.map((s) => s.status)).toEqual(['open', 'open']);
    const buys = await Promise.all([
      api2.place(keyed(limit(buyer, BTC_USDT, 'buy', 9_800_000, 600))),
      api2.place(keyed(limit(buyer, ETH_USDT, 'buy', 300_000, 1000))),
    ]);
    expect(buys.map((s) => s.status)).toEqual(['filled', 'filled']);
    // The owners differ (BTC/USDT and ETH/USDT are 1 and 2: the first worker took the low ids first,
    // then handed the high ones over), and both books are mirrored on both routers.
    await expect.poll(() => api1.depth(BTC_USDT, 5)).toEqual({ bids: [], asks: [['97000', '0.0004']] });
    expect(api2.recentTrades(ETH_USDT, 1)[0]).toMatchObject({ price: '3000', qty: '0.01' });
    const cancelled = await api2.cancel(seller, sells[0].id, keyed(limit(seller, 1, 'sell', 1, 1)).idempotency);
    expect(cancelled).toMatchObject({ status: 'cancelled', filledQty: '0.0006' });
    await expect(api1.cancel(buyer, sells[1].id)).rejects.toMatchObject({ key: 'order_not_found' });
    expect(await tradingProblems(db(), [a.trading, b.trading])).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it("takes a dead owner's pairs after its lease and answers the commands it read and never answered", async () => {
    cluster = spotCluster(db());
    const dead = await cluster.worker('dead');
    // It takes every pair, reads commands and dies before answering: nothing ticks or answers any more.
    await dead.leases.tick([...PAIRS.keys()]);
    await dead.trading.adopt([...PAIRS.keys()]);
    for (const p of PAIRS.keys()) {
      await cluster.redis.call('XGROUP', 'CREATE', cluster.keys.stream(p), GROUP, '0', 'MKSTREAM');
    }
    const api = await cluster.router(20_000);
    const seller = await tradingUser(db(), { [BTC]: '1' });
    const placed = api.place(keyed(limit(seller, BTC_USDT, 'sell', 9_700_000, 1000)));
    await expect.poll(() => cluster.redis.xlen(cluster.keys.stream(BTC_USDT))).toBe(1);
    await cluster.redis.call(
      'XREADGROUP',
      'GROUP',
      GROUP,
      'dead',
      'COUNT',
      '10',
      'STREAMS',
      cluster.keys.stream(BTC_USDT),
      '>',
    );

    const next = await cluster.worker('next');
    await next.owner.start();
    expect(next.owner.held).toEqual([]);
    const before = await ownerOf(BTC_USDT);
    await sleep(1_100);
    await next.owner.tickOnce();
    expect(next.owner.held).toContain(BTC_USDT);
    expect(await ownerOf(BTC_USDT)).toEqual({ owner: 'next', epoch: String(Number(before!.epoch) + 1) });
    expect(await placed).toMatchObject({ status: 'open' });
    const [pending] = (await cluster.redis.call('XPENDING', cluster.keys.stream(BTC_USDT), GROUP)) as [number];
    expect(pending).toBe(0);
    // The dead owner's book, had it come back, is fenced: its batch commits nothing.
    await expect(dead.trading.place(keyed(limit(seller, BTC_USDT, 'sell', 9_700_000, 1000)))).rejects.toMatchObject({
      key: 'internal_error',
      status: 503,
    });
    const stored = await rows(db(), sql`SELECT id FROM spot_orders WHERE user_id = ${seller}`);
    expect(stored).toHaveLength(1);
    expect(await tradingProblems(db(), next.trading)).toEqual([]);
  });

  it('hands pairs to a worker added under load without refusing a command', async () => {
    cluster = spotCluster(db());
    const first = await cluster.worker('first', 100);
    await first.owner.start();
    const api = await cluster.router();
    const buyer = await tradingUser(db(), { [USDT]: '1000000' });
    const pairs = [...PAIRS.keys()].filter((p) => p < 100);
    let stop = false;
    const outcomes: string[] = [];
    const load = (async () => {
      for (let i = 0; !stop; i++) {
        const pairId = pairs[i % pairs.length]!;
        await Promise.all(
          [0, 1, 2, 3].map(() =>
            api.place(keyed(limit(buyer, pairId, 'buy', 1_000, 10))).then(
              (o) => outcomes.push(o.status),
              (err: { key?: string }) => outcomes.push(err.key ?? 'error'),
            ),
          ),
        );
      }
    })();
    await expect.poll(() => outcomes.length).toBeGreaterThan(20);
    const second = await cluster.worker('second', 100);
    await second.owner.start();
    await expect.poll(() => second.owner.held.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(() => first.owner.held.length + second.owner.held.length).toBe(PAIRS.size);
    const at = outcomes.length;
    await expect.poll(() => outcomes.length).toBeGreaterThan(at + 20);
    stop = true;
    await load;
    expect(new Set(outcomes)).toEqual(new Set(['open']));
    expect(await tradingProblems(db(), [first.trading, second.trading])).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
  });
});
