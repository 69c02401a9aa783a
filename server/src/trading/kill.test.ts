import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { checkInvariants } from '../ledger/index';
import { Trading } from './core';
import { exited, onPgliteFolder, onScratchPostgres, openAfterKill, startServer, type Started } from './kill-support';
import { tradingProblems } from './testing';

/**
 * `kill -9` of the real server while clients place and cancel orders over HTTP, then a restart:
 * every acknowledged order is stored at least as far as it was acknowledged (status, fills), each
 * acknowledged fill has its trades, holds equal the resting orders, the rebuilt book equals the
 * stored one, and the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when
 * DATABASE_URL is set.
 */

/** The load runs at least this long and until enough orders were acknowledged (a loaded CI machine is slow). */
const LOAD_MS = 3000;
const LOAD_LIMIT_MS = 150_000;
const CLIENTS = 8;

interface Acked {
  id: number;
  status: string;
  filled: string;
}

/** Clients placing crossing limit orders on BTC/USDT and cancelling some, until `stop()`. */
function load(server: Started) {
  let running = true;
  const acked = new Map<number, Acked>();
  const call = async (token: string, path: string, body: Record<string, string>) => {
    const res = await fetch(`${server.app}/api${path}`, {
      method: 'POST',
      headers: {
        authorization: token,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      body: new URLSearchParams(body).toString(),
    });
    const json = (await res.json()) as { type: string; message: { id: number; status: string; filled: string } };
    if (json.type === 'ok') acked.set(json.message.id, { ...json.message });
    return json;
  };
  const worker = async (w: number) => {
    const { token } = server.users[w % server.users.length]!;
    const mine: number[] = [];
    for (let i = 0; running; i++) {
      try {
        if (i % 5 === 4 && mine.length > 0) {
          await call(token, '/coin/cancel', { id: String(mine.shift()) });
        } else {
          const reply = await call(token, '/coin/trade', {
            currency_id: '1',
            legal_id: '3',
            side: Math.random() < 0.5 ? 'buy' : 'sell',
            type: 'limit',
            amount: '0.0001',
            target_price: (97_000 + Math.floor(Math.random() * 21 - 10) / 100).toFixed(2),
          });
          if (reply.type === 'ok' && (reply.message.status === 'open' || reply.message.status === 'partial')) {
            mine.push(reply.message.id);
          }
        }
      } catch {
        // The server was killed: the request is unacknowledged, which is what this test is about.
        return;
      }
    }
  };
  const workers = Promise.all(Array.from({ length: CLIENTS }, (_, w) => worker(w)));
  return {
    acked,
    async stop() {
      running = false;
      await workers;
    },
  };
}

type Row = Record<string, unknown>;

async function verify(database: Database, acked: Map<number, Acked>): Promise<void> {
  const db = database.db;
  const ids = [...acked.keys()];
  const res = (await db.execute(
    sql`SELECT o.id, o.status, o.filled_qty, coalesce(t.q, 0) AS traded FROM spot_orders o
      LEFT JOIN (SELECT id, sum(qty) AS q FROM (
        SELECT taker_order_id AS id, qty FROM spot_trades UNION ALL SELECT maker_order_id, qty FROM spot_trades) x
        GROUP BY id) t ON t.id = o.id
      WHERE o.id = ANY(${sql.param(ids)}::bigint[])`,
  )) as unknown as { rows: Row[] };
  const stored = new Map(res.rows.map((r) => [Number(r.id), r]));
  const lost: number[] = [];
  for (const [id, a] of acked) {
    const row = stored.get(id);
    if (!row) {
      lost.push(id);
      continue;
    }
    // Later batches may have filled or cancelled it further, never less.
    expect(Number(row.filled_qty)).toBeGreaterThanOrEqual(Number(a.filled));
    expect(Number(row.traded)).toBe(Number(row.filled_qty));
    if (a.status === 'filled' || a.status === 'cancelled') expect(row.status).toBe(a.status);
  }
  expect(lost).toEqual([]);
  const core = new Trading({ db, now: () => new Date(), log: (err) => expect.fail(String(err)) });
  await core.start();
  try {
    expect(await tradingProblems(db, core)).toEqual([]);
  } finally {
    await core.stop();
  }
  expect((await checkInvariants(db)).problems).toEqual([]);
}

async function killDuringLoad(target: string): Promise<number> {
  const first = await startServer(target, CLIENTS);
  const traffic = load(first);
  const started = Date.now();
  const enough = () =>
    Date.now() - started >= LOAD_MS &&
    traffic.acked.size > 20 &&
    [...traffic.acked.values()].some((o) => Number(o.filled) > 0);
  while (!enough() && Date.now() - started < LOAD_LIMIT_MS) await new Promise((r) => setTimeout(r, 100));
  first.child.kill('SIGKILL');
  await exited(first.child);
  await traffic.stop();
  expect(traffic.acked.size).toBeGreaterThan(20);
  expect([...traffic.acked.values()].some((o) => Number(o.filled) > 0)).toBe(true);

  // The real server starts again on what the killed one left, and stops cleanly.
  const again = await startServer(target, 0);
  again.child.kill('SIGTERM');
  await exited(again.child);

  const database = await openAfterKill(target);
  try {
    await verify(database, traffic.acked);
  } finally {
    await database.close();
  }
  return traffic.acked.size;
}

describe('trading core killed during a load of orders', () => {
  it('loses nothing acknowledged on PGlite', () => onPgliteFolder(killDuringLoad), 300_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'loses nothing acknowledged on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killDuringLoad),
    300_000,
  );
});
