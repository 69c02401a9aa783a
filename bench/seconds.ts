// `npm run bench:seconds`: 100,000 seconds contracts expiring in the same second; the time from the
// moment the price record is final past their expiry until every one is settled (ledger
// transactions, balances and orders written, in batches of at most SETTLE_BATCH orders of one
// escrow shard), on PGlite (in memory) and on PostgreSQL, with one settlement worker (two batches
// at once, its default) and with two workers (two pools, as two processes would). Goal: under
// 5 s. The orders, their stakes in escrow and the recorded feed prices are set up in bulk first
// (not timed). PostgreSQL is DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); a scratch database is created there and dropped.
// BENCH_ORDERS and BENCH_USERS change the size; BENCH_DB=pglite or postgres runs one database.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, type Database } from '../server/src/db/client';
import { openPostgres } from '../server/src/db/postgres';
import { LedgerBatch, toUnits } from '../server/src/ledger/batch';
import { checkInvariants } from '../server/src/ledger/index';
import { systemAccount, userAccount } from '../server/src/ledger/types';
import { CATALOG } from '../server/src/market/catalog';
import { secondOf, writePrices } from '../server/src/market/price-history';
import { SETTLE_PRICE_MAX_AGE_MS } from '../server/src/products/seconds/terms';
import { escrowAccount, escrowShardOf } from '../server/src/products/seconds/escrow';
import { escrowMismatches } from '../server/src/testing/seconds';
import { SecondsWorker } from '../server/src/products/seconds/worker';
import { runTogether } from '../server/src/db/rows';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SETUP_CHUNK = 10_000;
const GOAL_MS = 5000;
/** `pglite` or `postgres` runs only that database (default: both). */
const ON = process.env.BENCH_DB;
const USDT = 3;
const PAIRS = CATALOG.instruments.filter((i) => i.openMicrotrade).map((i) => i.id);

/** Users, their funded micro accounts, 100,000 stakes in escrow and open orders expiring at `expiry`. */
async function setUp(database: Database, expiry: number): Promise<void> {
  const { db } = database;
  const tag = randomBytes(3).toString('hex');
  const ids =
    (await db.execute(sql`INSERT INTO users (account_number, password_hash, nickname, invitation_code, created_at, updated_at)
    SELECT ${tag} || g, 'x', 'b' || g, upper(${tag}) || g, now(), now() FROM generate_series(1, ${USERS}) g
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  const users = ids.rows.map((r) => Number(r.id));
  const created = new Date(expiry - 30_000);
  for (let from = 0; from < ORDERS; from += SETUP_CHUNK) {
    await db.transaction(async (tx) => {
      const batch = new LedgerBatch(created);
      if (from === 0) {
        for (const u of users) {
          batch.post({
            kind: 'deposit',
            userId: u,
            entries: [
              { account: systemAccount('external_deposits', USDT), bucket: 'available', amount: -toUnits('1000') },
              { account: userAccount(u, USDT, 'micro'), bucket: 'available', amount: toUnits('1000') },
            ],
          });
        }
      }
      const orders: { user: number; pair: number; type: number; stake: string }[] = [];
      for (let i = from; i < Math.min(ORDERS, from + SETUP_CHUNK); i++) {
        const user = users[i % users.length]!;
        const stake = String(10 + (i % 5));
        // As `acceptOrder` does: the stake out of the micro account into the user's escrow shard.
        batch.post({
          kind: 'micro_stake',
          userId: user,
          entries: [
            { account: userAccount(user, USDT, 'micro'), bucket: 'available', amount: -toUnits(stake) },
            { account: escrowAccount(USDT, escrowShardOf(user)), bucket: 'available', amount: toUnits(stake) },
          ],
        });
        orders.push({ user, pair: PAIRS[i % PAIRS.length]!, type: (Math.floor(i / PAIRS.length) % 2) + 1, stake });
      }
      const ledger = await batch.prepare(tx);
      const col = <T>(f: (o: (typeof orders)[number]) => T) => sql.param(orders.map(f));
      const insert = sql`INSERT INTO micro_orders (user_id, pair_id, currency_id, type, seconds, stake, profit_ratio,
          open_price, open_price_at, open_source, end_at, status, created_at)
        SELECT u, p, ${USDT}, t, 30, s, 0.2, 100, ${expiry - 30_000}, 'simulated', ${expiry}, 'holding', ${created.toISOString()}::timestamptz
        FROM unnest(${col((o) => o.user)}::int[], ${col((o) => o.pair)}::int[], ${col((o) => o.type)}::smallint[],
          ${col((o) => o.stake)}::numeric[]) AS v(u, p, t, s)`;
      await runTogether(tx, [...ledger, insert]);
    });
  }
  // The feed: 100 at entry; at expiry up on some pairs, down on others, unchanged on one.
  const endPrice = (k: number) => (k % 3 === 0 ? '101' : k % 3 === 1 ? '99' : '100');
  await writePrices(
    db,
    [
      ...PAIRS.map((pairId) => ({ pairId, second: secondOf(expiry - 30_000), price: '100', ts: expiry - 30_000 })),
      ...PAIRS.map((pairId, k) => ({ pairId, second: secondOf(expiry - 200), price: endPrice(k), ts: expiry - 200 })),
      ...PAIRS.map((pairId) => ({ pairId, second: secondOf(expiry + 400), price: '98', ts: expiry + 400 })),
    ].map((r) => ({ ...r, source: 'simulated' as const })),
  );
}

async function run(name: string, databases: Database[], workers: number): Promise<void> {
  const [main] = databases;
  const expiry = Math.ceil(Date.now() / 1000) * 1000 + 3_600_000 * (1 + Math.floor(Math.random() * 1000));
  const t0 = performance.now();
  await setUp(main!, expiry);
  const setupMs = performance.now() - t0;
  const pool = Array.from({ length: workers }, (_, w) => {
    const database = databases[w % databases.length]!;
    return new SecondsWorker({
      db: database.db,
      now: () => new Date(expiry + 1000),
      pairIds: PAIRS,
      recordedThrough: () => expiry + 1000,
      staleMs: SETTLE_PRICE_MAX_AGE_MS,
    });
  });
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const counts = await Promise.all(pool.map((w) => w.settleDue()));
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const settled = counts.reduce((a, b) => a + b, 0);
  const [left] = (
    (await main!.db.execute(
      sql`SELECT count(*)::int AS n FROM micro_orders WHERE end_at = ${expiry} AND status = 'holding'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  const invariants = await checkInvariants(main!.db);
  const escrow = await escrowMismatches(main!.db);
  const verdict = ms < GOAL_MS && settled >= ORDERS && Number(left?.n) === 0 ? 'within' : 'OVER';
  console.log(
    `${name.padEnd(36)} ${workers} worker(s) of 2 lanes: ${settled} settled in ${(ms / 1000).toFixed(2)} s ` +
      `(${Math.round(settled / (ms / 1000))}/s; split ${counts.join(' + ')}), ${Number(left?.n)} left, ` +
      `ledger invariants ${invariants.ok ? 'hold' : 'BROKEN'}, escrow ${escrow.length === 0 ? 'matches' : 'DIFFERS'}; ` +
      `${verdict} the ${GOAL_MS / 1000} s goal ` +
      `(setup ${(setupMs / 1000).toFixed(1)} s; CPU of this process while settling ${cpuS.toFixed(2)} s)`,
  );
}

console.log(`bench:seconds: ${ORDERS} orders of ${USERS} users on ${PAIRS.length} pairs, expiring in one second`);
if (ON !== 'postgres') {
  const lite = await openPglite();
  await lite.migrate();
  try {
    // PGlite runs one statement at a time on one connection; a second worker only queues.
    await run('PGlite (in memory)', [lite], 1);
  } finally {
    await lite.close();
  }
}
if (ON === 'pglite') process.exit(0);

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `h5_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch (err) {
  console.log(`PostgreSQL at ${adminUrl} unreachable (${(err as Error).message}); skipped`);
  process.exit(0);
}
await admin.query(`CREATE DATABASE "${scratch}"`);
const url = new URL(adminUrl);
url.pathname = `/${scratch}`;
const first = openPostgres(url.toString());
const second = openPostgres(url.toString());
try {
  await first.migrate();
  await run('PostgreSQL', [first], 1);
  await run('PostgreSQL, two workers (two pools)', [first, second], 2);
} finally {
  await first.close();
  await second.close();
  // The pools have closed their connections by now; no FORCE, which would kill a slow one mid-exit.
  await new Promise((r) => setTimeout(r, 200));
  await admin.query(`DROP DATABASE IF EXISTS "${scratch}"`);
  await admin.end();
}
