// A deployment as an operator runs it: three `api` processes and two `worker` processes (the real
// app, `testing/load-server.ts`) on one PostgreSQL database and Redis, behind the shipped nginx
// configuration. Users order on every pair through the proxy while a worker is killed (`kill -9`) and another is
// paused past its lease (`SIGSTOP`, then `SIGCONT`); afterwards every acknowledged order is stored
// once, the holds match the open orders, the ledger balances and the books every api process shows
// equal the books rebuilt from the database. Needs DATABASE_URL, Redis and nginx.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres';
import { rows } from '../../db/rows';
import type { Db } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { postgresCopy } from '../../testing/databases';
import { exited, startServer, type Started as Process } from '../../testing/kill-support';
import { startNginx } from '../../testing/nginx';
import { REDIS_URL } from '../../testing/spot-cluster';
import { tradingProblems } from '../../testing/trading';
import { Trading } from '../core';
import { CATALOG, type Instrument } from '../../market/catalog';
import { PAIRS } from '../pairs';

const adminUrl = process.env.DATABASE_URL;

const leaseOwners = async (db: Db) =>
  rows<{ pair_id: number; owner: string }>(
    db,
    sql`SELECT pair_id, owner FROM spot_pair_leases WHERE expires_at > now() ORDER BY pair_id`,
  );
const ownedBy = async (db: Db, p: Process) =>
  (await leaseOwners(db)).filter((r) => r.owner.includes(`-${p.child.pid}-`)).length;

const instrument = (pairId: number) => CATALOG.instruments.find((i) => i.id === pairId)!;
const bookQuery = (i: Instrument) => `currency_id=${i.base.id}&legal_id=${i.quote.id}`;

/**
 * BTC/USDT trades at 10 both ways (the users hold BTC, so buys and sells there match); on every
 * other pair a bid of the pair's least amount at about half its catalogue price rests.
 */
function terms(pairId: number): { amount: string; price: string } {
  if (pairId === 1) return { amount: '1', price: '10' };
  const { basePrice, priceDecimals, rules } = instrument(pairId);
  const tick = 10 ** -priceDecimals;
  const price = (Math.max(1, Math.floor(basePrice / 2 / tick)) * tick).toFixed(priceDecimals);
  return { amount: rules.min_qty, price };
}

/** An order through the proxy under its own key, retried with that key until answered, as the app does. */
async function order(proxy: string, token: string, pairId: number, side: string, stopped: () => boolean) {
  const key = randomUUID();
  const inst = instrument(pairId);
  const { amount, price } = terms(pairId);
  const body = new URLSearchParams({
    currency_id: String(inst.base.id),
    legal_id: String(inst.quote.id),
    side,
    type: 'limit',
    amount,
    target_price: price,
  }).toString();
  while (!stopped()) {
    const res = await fetch(`${proxy}/api/coin/trade`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
      body,
    }).catch(() => undefined);
    const reply = res?.ok ? ((await res.json()) as { type: string; message: { id: number } }) : undefined;
    if (reply?.type === 'ok') return reply.message.id;
    if (reply) throw new Error(`refused: ${JSON.stringify(reply)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return undefined;
}

describe.runIf(adminUrl)('a deployment of api and worker processes behind nginx [postgres]', () => {
  it('loses nothing acknowledged through a kill -9 and a SIGSTOP of workers under load', async () => {
    const copy = await postgresCopy(adminUrl!);
    const env = { REDIS_URL, REDIS_PREFIX: `test-${randomUUID().slice(0, 8)}:` };
    const start = (role: 'api' | 'worker', users = 0) => startServer(copy.url, users, { ...env, ROLE: role });
    const database = openPostgres(copy.url, () => undefined);
    const db = database.db;
    const processes: Process[] = [];
    let stop = false;
    try {
      const first = await start('worker', 6);
      const second = await start('worker');
      processes.push(first, second);
      const apis = await Promise.all([1, 2, 3].map(() => start('api')));
      processes.push(...apis);
      const proxy = await startNginx(apis.map((a) => new URL(a.app).host));
      await expect.poll(() => ownedBy(db, second), { timeout: 10_000 }).toBeGreaterThan(0);
      // Every pair, a third of the orders on BTC/USDT (which stays with the first worker: it keeps
      // the low pairs) so that it trades.
      const pairs = [...PAIRS.keys()];
      const acked: number[] = [];
      const clients = first.users.map(async ({ token }, i) => {
        for (let n = 0; !stop; n++) {
          const pairId = n % 3 === 0 ? 1 : pairs[(n + i) % pairs.length]!;
          const side = pairId === 1 && (n / 3 + i) % 2 === 0 ? 'sell' : 'buy';
          const id = await order(proxy.url, token, pairId, side, () => stop);
          if (id !== undefined) acked.push(id);
        }
      });
      await expect.poll(() => acked.length, { timeout: 20_000 }).toBeGreaterThan(40);

      first.child.kill('SIGKILL');
      await exited(first.child);
      await expect.poll(() => ownedBy(db, second), { timeout: 10_000 }).toBe(PAIRS.size);
      const third = await start('worker');
      processes.push(third);
      await expect.poll(() => ownedBy(db, third), { timeout: 10_000 }).toBeGreaterThan(0);
      let at = acked.length;
      await expect.poll(() => acked.length, { timeout: 20_000 }).toBeGreaterThan(at + 40);

      second.child.kill('SIGSTOP');
      await expect.poll(() => ownedBy(db, third), { timeout: 15_000 }).toBe(PAIRS.size);
      at = acked.length;
      await expect.poll(() => acked.length, { timeout: 20_000 }).toBeGreaterThan(at + 40);
      second.child.kill('SIGCONT');
      await expect.poll(() => ownedBy(db, second), { timeout: 10_000 }).toBeGreaterThan(0);
      stop = true;
      await Promise.all(clients);

      const stored = await rows<{ id: string; pair_id: number; filled_qty: string }>(
        db,
        sql`SELECT id, pair_id, filled_qty FROM spot_orders WHERE user_id = ANY(${sql.param(first.users.map((u) => u.id))}::int[])`,
      );
      expect(new Set(acked).size).toBe(acked.length);
      expect(new Set(stored.map((r) => r.pair_id)).size).toBe(PAIRS.size);
      expect(stored.some((r) => r.pair_id === 1 && Number(r.filled_qty) > 0)).toBe(true);
      expect(stored.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...acked].sort((a, b) => a - b));
      expect((await checkInvariants(db)).problems).toEqual([]);
      const rebuilt = new Trading({ db, now: () => new Date(), log: () => undefined });
      await rebuilt.start();
      expect(await tradingProblems(db, rebuilt)).toEqual([]);
      for (const api of apis) {
        for (const pairId of pairs) {
          const query = `${bookQuery(instrument(pairId))}&lang=en`;
          await expect
            .poll(async () => {
              const reply = (await (await fetch(`${api.app}/api/coin/book?${query}`)).json()) as {
                message: { bids: unknown; asks: unknown };
              };
              return { bids: reply.message.bids, asks: reply.message.asks };
            })
            .toEqual(rebuilt.depth(pairId, 20));
        }
      }
      await proxy.stop();
    } finally {
      stop = true;
      for (const p of processes) {
        p.child.kill('SIGCONT');
        p.child.kill('SIGKILL');
      }
      await Promise.all(processes.map((p) => exited(p.child)));
      await database.close();
      await copy.drop();
    }
  }, 180_000);
});
