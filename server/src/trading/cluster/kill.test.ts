// Spot workers as real processes (`testing/spot-worker-process.ts`) on a scratch PostgreSQL
// database and Redis, with this process routing orders to them: a `kill -9` of one under load,
// and a `SIGSTOP` past its lease with a batch open. Needs DATABASE_URL and Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres';
import { rows } from '../../db/rows';
import type { Db } from '../../db/client';
import { checkInvariants, requestHash } from '../../ledger/index';
import { scriptArgs } from '../../testing/compiled';
import { exited, onScratchPostgres } from '../../testing/kill-support';
import { REDIS_URL } from '../../testing/spot-cluster';
import { limit, tradingProblems, tradingUser, USDT } from '../../testing/trading';
import { Trading } from '../core';
import { PAIRS } from '../pairs';
import type { NewOrder, StoredOrder } from '../types';
import { spotKeys } from './keys';
import { LEASE_MS } from './leases';
import { RemoteTrading } from './router';

const adminUrl = process.env.DATABASE_URL;
const WORKER = fileURLToPath(new URL('../../testing/spot-worker-process.ts', import.meta.url));
/** A pair each worker holds when two share them out (the first takes the low ids and keeps them). */
const LOW = 1;
const HIGH = 110;

interface Worker {
  child: ChildProcess;
  out: () => string;
  line(wanted: string): Promise<void>;
}

async function startWorker(url: string, prefix: string, id: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, await scriptArgs(WORKER), {
    env: {
      ...process.env,
      DATABASE_URL: url,
      REDIS_URL,
      SPOT_PREFIX: prefix,
      WORKER_ID: id,
      LEASE_MS: String(LEASE_MS),
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.splice(0)) w();
  });
  const worker: Worker = {
    child,
    out: () => out,
    line: (wanted) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (out.split('\n').some((l) => l.startsWith(wanted))) resolve();
          else if (child.exitCode !== null) reject(new Error(`worker ${id} exited: ${out}`));
          else waiters.push(check);
        };
        check();
      }),
  };
  return worker;
}

const owners = async (db: Db) =>
  rows<{ pair_id: number; owner: string }>(
    db,
    sql`SELECT pair_id, owner FROM spot_pair_leases WHERE expires_at > now() ORDER BY pair_id`,
  );

/** An order under its own key, retried with that key on 503 as the app does, until answered. */
async function placeUntilAnswered(router: RemoteTrading, order: NewOrder, stopped = () => false): Promise<StoredOrder> {
  const key = randomUUID();
  const keyed = { ...order, idempotency: { key, hash: requestHash('/coin/trade', { key }), scope: '/coin/trade' } };
  for (;;) {
    try {
      return await router.place(keyed);
    } catch (err) {
      if ((err as { status?: number }).status !== 503 || stopped()) throw err;
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** Funded users trading both pairs at one price (every buy fills a resting sell) until stopped. */
function tradeUntil(router: RemoteTrading, users: number[], stopped: () => boolean) {
  const acked: StoredOrder[] = [];
  const clients = users.map(async (user, i) => {
    for (let n = 0; !stopped(); n++) {
      const side = (n + i) % 2 === 0 ? 'sell' : 'buy';
      const order = limit(user, n % 2 === 0 ? LOW : HIGH, side, 1_000, 10);
      try {
        acked.push(await placeUntilAnswered(router, order, stopped));
      } catch (err) {
        if (!stopped()) throw err;
      }
    }
  });
  return { acked, done: Promise.all(clients) };
}

async function fundedUsers(db: Db, count: number): Promise<number[]> {
  const funds: Record<number, string> = { [USDT]: '1000000' };
  for (const p of [LOW, HIGH]) funds[PAIRS.get(p)!.baseId] = '1000000';
  return Promise.all(Array.from({ length: count }, () => tradingUser(db, funds)));
}

/** Every acknowledged order is stored once, under the id it was acknowledged with; books rebuilt equal the stored ones. */
async function expectStoredOnce(db: Db, acked: StoredOrder[], users: number[], router: RemoteTrading) {
  const stored = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM spot_orders WHERE user_id = ANY(${sql.param(users)}::int[])`,
  );
  expect(new Set(acked.map((o) => o.id)).size).toBe(acked.length);
  expect(stored.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(acked.map((o) => o.id).sort((a, b) => a - b));
  expect((await checkInvariants(db)).problems).toEqual([]);
  const rebuilt = new Trading({ db, now: () => new Date(), log: () => undefined });
  await rebuilt.start();
  expect(await tradingProblems(db, rebuilt)).toEqual([]);
  for (const p of [LOW, HIGH]) await expect.poll(() => router.depth(p, 50)).toEqual(rebuilt.depth(p, 50));
}

describe.runIf(adminUrl)('spot workers killed and paused [postgres]', () => {
  it('a kill -9 under load: its pairs move within 10 s and every acknowledged order is stored once', async () => {
    await onScratchPostgres(adminUrl!, async (url) => {
      const database = openPostgres(url, () => undefined);
      const redis = new Redis(REDIS_URL);
      const prefix = `test:${randomUUID()}:`;
      const a = await startWorker(url, prefix, 'a');
      await a.line('ready');
      const b = await startWorker(url, prefix, 'b');
      const router = new RemoteTrading({ db: database.db, redis, keys: spotKeys(prefix), log: () => undefined });
      let stop = false;
      try {
        await router.start();
        await expect
          .poll(async () => new Set((await owners(database.db)).map((r) => r.owner)), { timeout: 10_000 })
          .toEqual(new Set(['a', 'b']));
        const held = await owners(database.db);
        expect(held.find((r) => r.pair_id === LOW)?.owner).toBe('a');
        expect(held.find((r) => r.pair_id === HIGH)?.owner).toBe('b');
        const users = await fundedUsers(database.db, 6);
        const load = tradeUntil(router, users, () => stop);
        await expect.poll(() => load.acked.length, { timeout: 10_000 }).toBeGreaterThan(60);
        a.child.kill('SIGKILL');
        const killedAt = Date.now();
        await exited(a.child);
        await expect
          .poll(async () => (await owners(database.db)).filter((r) => r.owner === 'b').length, { timeout: 15_000 })
          .toBe(PAIRS.size);
        const failover = Date.now() - killedAt;
        expect(failover).toBeLessThan(10_000);
        const at = load.acked.length;
        await expect.poll(() => load.acked.length, { timeout: 10_000 }).toBeGreaterThan(at + 60);
        stop = true;
        await load.done;
        expect(load.acked.some((o) => o.status === 'filled')).toBe(true);
        await expectStoredOnce(database.db, load.acked, users, router);
      } finally {
        stop = true;
        await router.stop();
        for (const w of [a, b]) w.child.kill('SIGKILL');
        await Promise.all([exited(a.child), exited(b.child)]);
        redis.disconnect();
        await database.close();
      }
    });
  }, 120_000);

  for (const at of ['before', 'after'] as const) {
    it(`a SIGSTOP past the lease with a batch open ${at} its lease check: the late batch is refused, nothing applies twice`, async () => {
      await onScratchPostgres(adminUrl!, async (url) => {
        const database = openPostgres(url, () => undefined);
        const redis = new Redis(REDIS_URL);
        const prefix = `test:${randomUUID()}:`;
        const a = await startWorker(url, prefix, 'a', { FENCE_PAUSE: at, FENCE_PAUSE_MS: '300' });
        await a.line('ready');
        const router = new RemoteTrading({
          db: database.db,
          redis,
          keys: spotKeys(prefix),
          log: () => undefined,
          timeoutMs: 30_000,
        });
        let b: Worker | undefined;
        try {
          await router.start();
          const [user] = await fundedUsers(database.db, 1);
          const placed = placeUntilAnswered(router, limit(user!, LOW, 'sell', 1_000, 10));
          await a.line('fence');
          a.child.kill('SIGSTOP');
          b = await startWorker(url, prefix, 'b');
          await b.line('ready');
          // b takes the paused worker's pairs once its lease ran out (and, paused holding the
          // lease rows, once the database ended its idle transaction), then answers the order.
          await expect
            .poll(async () => (await owners(database.db)).filter((r) => r.owner === 'b').length, { timeout: 20_000 })
            .toBe(PAIRS.size);
          const order = await placed;
          a.child.kill('SIGCONT');
          await a.line('refused');
          await expect
            .poll(
              () =>
                a
                  .out()
                  .split('\n')
                  .filter((l) => l.startsWith('held '))
                  .pop(),
              { timeout: 10_000 },
            )
            .toBe('held ');
          await expectStoredOnce(database.db, [order], [user!], router);
        } finally {
          await router.stop();
          for (const w of [a, b]) w?.child.kill('SIGKILL');
          a.child.kill('SIGCONT');
          await Promise.all([exited(a.child), b && exited(b.child)]);
          redis.disconnect();
          await database.close();
        }
      });
    }, 90_000);
  }
});
