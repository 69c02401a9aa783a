// `npm run bench:orders`: limit orders placed over HTTP through the real app (session, validation,
// hold, match, group commit, answer) by concurrent clients, beside a bare Fastify POST route in the
// same run and process: orders/s, p50, p99 and the ratio, on PGlite and on PostgreSQL
// (DATABASE_URL; a scratch database is created there and dropped). Prices straddle the book, so
// about half the orders trade. Then growth: the latency of placing and cancelling one order with
// 10,000 and with 1,000,000 resting orders in the book (seeded by bulk SQL), measured on the core.
// Goal on PostgreSQL: 5,000 orders/s with p99 <= 20 ms. BENCH_SECONDS, BENCH_CONNECTIONS,
// BENCH_DATABASES=pglite,postgres and BENCH_GROWTH=10000,1000000 (or none) adjust the run;
// BENCH_PROFILE=<dir> writes a CPU profile of the server process there (node --cpu-prof).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, type Database } from '../server/src/db/client';
import { openPostgres } from '../server/src/db/postgres';
import { insertLedgerUser } from '../server/src/testing/ledger';
import { deposit } from '../server/src/testing/ledger';
import { Trading } from '../server/src/trading/core';
import { quantile } from './stats';
import { orders } from './order-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const GROWTH = (process.env.BENCH_GROWTH ?? '10000,1000000')
  .split(',')
  .filter((n) => n !== '' && n !== 'none')
  .map(Number);
const only = process.env.BENCH_DATABASES?.split(',');
/** A folder for a CPU profile of the server process (node --cpu-prof), written when it stops. */
const PROFILE = process.env.BENCH_PROFILE;
const BTC_USDT = 1;

interface Servers {
  app: string;
  bare: string;
  users: { id: number; token: string }[];
  stop(): Promise<void>;
}

async function startServers(target: string): Promise<Servers> {
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/testing/load-server.ts'], {
    env: { ...process.env, TARGET: target, USERS: '32' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<Omit<Servers, 'stop'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  });
  return {
    ...ready,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function throughput(target: string, label: string): Promise<void> {
  const servers = await startServers(target);
  try {
    await orders(`${servers.app}/api/coin/trade`, servers.users, 2, CONNECTIONS);
    await orders(servers.bare, servers.users, 2, CONNECTIONS);
    const bare = await orders(servers.bare, servers.users, SECONDS, CONNECTIONS);
    const app = await orders(`${servers.app}/api/coin/trade`, servers.users, SECONDS, CONNECTIONS);
    if (app.refused > 0) throw new Error(`${label}: ${app.refused} orders were refused`);
    const goal = app.perSecond >= 5000 && app.p99 <= 20 ? 'met' : 'MISSED';
    console.log(
      `${label} orders over HTTP: ${app.perSecond.toFixed(0)}/s, p50 ${app.p50} ms, p99 ${app.p99} ms; ` +
        `bare route ${bare.perSecond.toFixed(0)}/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms; ` +
        `ratio ${(app.perSecond / bare.perSecond).toFixed(3)} (goal 5,000/s with p99 <= 20 ms: ${goal})`,
    );
  } finally {
    await servers.stop();
  }
}

/**
 * `count` resting asks of one user far above the market, with their holds and the held balance,
 * written by a few set-based statements (the ledger stays consistent: one deposit into held).
 */
async function seedResting(database: Database, count: number): Promise<number> {
  const db = database.db;
  const owner = await insertLedgerUser(db);
  const lots = 100; // 0.0001 BTC each
  const total = (count * lots) / 1e6;
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO ledger_accounts (owner, user_id, currency_id, type, shard, allow_negative)
      VALUES (${`u:${owner}`}, ${owner}, 1, 2, 0, false), ('s:external_deposits', NULL, 1, 0, 0, true)
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`WITH t AS (
        INSERT INTO ledger_transactions (kind, user_id, created_at) VALUES ('deposit', ${owner}, now()) RETURNING id),
      e AS (INSERT INTO ledger_entries (tx_id, account_id, currency_id, bucket, amount, balance_after)
        SELECT t.id, a.id, 1, 'held', ${String(total)}::numeric, ${String(total)}::numeric
          FROM t, ledger_accounts a WHERE a.owner = ${`u:${owner}`} AND a.currency_id = 1 AND a.type = 2
        UNION ALL
        SELECT t.id, a.id, 1, 'available', -${String(total)}::numeric, a.available - ${String(total)}::numeric
          FROM t, ledger_accounts a WHERE a.owner = 's:external_deposits' AND a.currency_id = 1)
      SELECT 1`);
    await tx.execute(sql`UPDATE ledger_accounts SET held = held + ${String(total)}::numeric
      WHERE owner = ${`u:${owner}`} AND currency_id = 1 AND type = 2`);
    await tx.execute(sql`UPDATE ledger_accounts SET available = available - ${String(total)}::numeric
      WHERE owner = 's:external_deposits' AND currency_id = 1`);
    await tx.execute(sql`WITH ids AS (
        SELECT g, nextval(pg_get_serial_sequence('ledger_holds', 'id')) AS hold_id,
          (SELECT coalesce(max(id), 0) FROM spot_orders) + g AS order_id
        FROM generate_series(1, ${count}::int) g),
      h AS (INSERT INTO ledger_holds (id, account_id, amount, remaining, status, hold_tx_id, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT hold_id, (SELECT id FROM ledger_accounts WHERE owner = ${`u:${owner}`} AND currency_id = 1 AND type = 2),
          0.0001, 0.0001, 'held', (SELECT max(id) FROM ledger_transactions), now() FROM ids)
      INSERT INTO spot_orders (id, user_id, pair_id, side, type, price, qty, filled_qty, filled_value, fee, status,
        hold_id, seq, created_at, updated_at)
      SELECT order_id, ${owner}, ${BTC_USDT}, 'sell', 'limit', 150000 + (g % 5000) / 100.0, 0.0001, 0, 0, 0, 'open',
        hold_id, g, now(), now() FROM ids`);
  });
  return owner;
}

/** Place-then-cancel of one resting buy, one at a time: each is a batch of one. */
async function growth(open: () => Promise<Database>, label: string): Promise<void> {
  for (const count of GROWTH) {
    const database = await open();
    try {
      await database.migrate();
      let started = performance.now();
      await seedResting(database, count);
      const seeded = performance.now() - started;
      const user = await insertLedgerUser(database.db);
      await deposit(database.db, user, 3, '1000000', 'change');
      const core = new Trading({ db: database.db, now: () => new Date(), log: (err) => console.error(err) });
      started = performance.now();
      await core.start();
      const rebuilt = performance.now() - started;
      const place: number[] = [];
      const cancel: number[] = [];
      for (let i = 0; i < 400; i++) {
        let t = performance.now();
        const order = await core.place({
          owner: user,
          pairId: BTC_USDT,
          side: 'buy',
          type: 'limit',
          price: 9_000_000 + (i % 100),
          qty: 100,
          budget: null,
          ioc: false,
          postOnly: false,
        });
        place.push(performance.now() - t);
        t = performance.now();
        await core.cancel(user, order.id);
        cancel.push(performance.now() - t);
      }
      await core.stop();
      const f = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(2)} ms, p99 ${quantile(xs, 0.99).toFixed(2)} ms`;
      console.log(
        `${label} ${count.toLocaleString('en')} resting: place ${f(place)}; cancel ${f(cancel)} ` +
          `(seeded in ${(seeded / 1000).toFixed(1)} s, books rebuilt in ${(rebuilt / 1000).toFixed(1)} s)`,
      );
    } finally {
      await database.close();
    }
  }
}

async function scratchPostgres(adminUrl: string) {
  const name = `h5_bench_orders_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${CONNECTIONS} connections, ${SECONDS} s per figure, loopback`,
);
if (!only || only.includes('pglite')) {
  const dir = await mkdtemp(join(tmpdir(), 'h5-bench-orders-'));
  try {
    await throughput(`pglite:${dir}`, '[pglite]');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await growth(() => openPglite(), '[pglite]');
}
const adminUrl = process.env.DATABASE_URL;
if (adminUrl && (!only || only.includes('postgres'))) {
  for (const step of ['throughput', 'growth'] as const) {
    const scratch = await scratchPostgres(adminUrl);
    try {
      if (step === 'throughput') await throughput(scratch.url, '[postgres]');
      else await growth(async () => openPostgres(scratch.url), '[postgres]');
    } finally {
      await scratch.drop();
    }
  }
} else if (!adminUrl) {
  console.log('[postgres] skipped: set DATABASE_URL to measure on PostgreSQL too');
}
