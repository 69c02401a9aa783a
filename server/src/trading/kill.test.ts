import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openPglite, openPostgres, type Database } from '../db/client';
import { checkInvariants } from '../ledger/index';
import { Trading } from './core';
import { tradingProblems } from './testing';

/**
 * `kill -9` of the real server while clients place and cancel orders over HTTP, then a restart:
 * every acknowledged order is stored at least as far as it was acknowledged (status, fills), each
 * acknowledged fill has its trades, holds equal the resting orders, the rebuilt book equals the
 * stored one, and the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when
 * DATABASE_URL is set.
 */

const SERVER = fileURLToPath(new URL('./load-server.ts', import.meta.url));
const LOAD_MS = 3000;
const CLIENTS = 8;

interface Started {
  child: ChildProcess;
  app: string;
  users: { id: number; token: string }[];
}

function startServer(target: string, users: number): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, TARGET: target, USERS: String(users) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ...(JSON.parse(line) as Omit<Started, 'child'>) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

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

async function openAfterKill(target: string): Promise<Database> {
  if (!target.startsWith('pglite:')) return openPostgres(target, () => undefined);
  const dir = join(target.slice('pglite:'.length), 'pglite');
  // The killed process could not remove its lock; it goes stale after proper-lockfile's 10 s.
  for (let attempt = 0; ; attempt++) {
    try {
      return await openPglite(dir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || attempt > 40) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
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
  await new Promise((r) => setTimeout(r, LOAD_MS));
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
  it('loses nothing acknowledged on PGlite', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'h5-kill-'));
    try {
      await killDuringLoad(`pglite:${dir}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'loses nothing acknowledged on PostgreSQL',
    async () => {
      const name = `h5_kill_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      try {
        await killDuringLoad(url.toString());
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});
