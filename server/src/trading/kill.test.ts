import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../db/client';
import { checkInvariants } from '../ledger/index';
import { Trading } from './core';
import { killDuringLoad, LOAD_MS, onBothDatabases, postForm, rowsOf, runClients } from '../testing/kill-load';
import type { Started } from '../testing/kill-support';
import { tradingProblems } from '../testing/trading';

/**
 * `kill -9` of the real server while clients place and cancel orders over HTTP, then a restart:
 * every acknowledged order is stored at least as far as it was acknowledged (status, fills), each
 * acknowledged fill has its trades, holds equal the resting orders, the rebuilt book equals the
 * stored one, and the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when
 * DATABASE_URL is set.
 */

/** The longest the load waits for enough acknowledged orders (a loaded CI machine is slow). */
const LOAD_LIMIT_MS = 150_000;
const CLIENTS = 8;

interface Acked {
  id: number;
  status: string;
  filled: string;
}

/** Clients placing crossing limit orders on BTC/USDT and cancelling some, until `stop()`. */
function load(server: Started) {
  const acked = new Map<number, Acked>();
  const call = async (token: string, path: string, body: Record<string, string>) => {
    const reply = await postForm<Acked>(server, token, path, body);
    if (reply.type === 'ok') acked.set(reply.message.id, { ...reply.message });
    return reply;
  };
  const clients = runClients(server, CLIENTS, async ({ token }, _index, running) => {
    const mine: number[] = [];
    for (let i = 0; running(); i++) {
      if (i % 5 === 4 && mine.length > 0) {
        await call(token, '/coin/cancel', { id: String(mine.shift()) });
        continue;
      }
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
  });
  return { ...clients, acked };
}

const hasFill = (acked: Map<number, Acked>) => [...acked.values()].some((o) => Number(o.filled) > 0);

/** At least `LOAD_MS` and until enough orders were acknowledged, some of them filled. */
async function loaded({ acked }: ReturnType<typeof load>): Promise<void> {
  const started = Date.now();
  const enough = () => Date.now() - started >= LOAD_MS && acked.size > 20 && hasFill(acked);
  while (!enough() && Date.now() - started < LOAD_LIMIT_MS) await new Promise((r) => setTimeout(r, 100));
}

async function verify(database: Database, { acked }: ReturnType<typeof load>): Promise<void> {
  expect(acked.size).toBeGreaterThan(20);
  expect(hasFill(acked)).toBe(true);
  const db = database.db;
  const ids = [...acked.keys()];
  const found = await rowsOf(
    database,
    sql`SELECT o.id, o.status, o.filled_qty, coalesce(t.q, 0) AS traded FROM spot_orders o
      LEFT JOIN (SELECT id, sum(qty) AS q FROM (
        SELECT taker_order_id AS id, qty FROM spot_trades UNION ALL SELECT maker_order_id, qty FROM spot_trades) x
        GROUP BY id) t ON t.id = o.id
      WHERE o.id = ANY(${sql.param(ids)}::bigint[])`,
  );
  const stored = new Map(found.map((r) => [Number(r.id), r]));
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

describe('trading core killed during a load of orders', () => {
  onBothDatabases(
    'loses nothing acknowledged',
    (target) => killDuringLoad(target, { users: CLIENTS, load, loaded, verify }),
    300_000,
  );
});
