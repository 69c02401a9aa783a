// `npm run bench:ledger`: ledger transfers (one locked, balanced transaction between two accounts
// of a user, through the real service) per second and their p99 latency, on PGlite and on
// PostgreSQL, each as a ratio to a bare single-row UPDATE on the same database in the same run;
// then coin exchanges (the user against the house and fees accounts every user shares) as a
// ratio to those own-account transfers: the goal is at least 0.8x at 8 concurrent clients, which
// only holds when exchanges of different users do not queue on one house or fees row.
// PostgreSQL is DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a scratch
// database is created there and dropped afterwards. Rounds alternate so drift hits both alike.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, type Database } from '../server/src/db/client';
import { openPostgres } from '../server/src/db/postgres';
import { inTransaction } from '../server/src/ledger/index';
import { deposit, insertLedgerUser } from '../server/src/testing/ledger';
import { exchange, moveBetweenAccounts } from '../server/src/products/wallet/moves';
import { fixedPrices } from '../server/src/market/prices';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 2;
const USDT = 3;
const BTC = 1;
const prices = fixedPrices({ [BTC]: '50000' });

interface Sample {
  perSecond: number;
  p99: number;
  /** Mean number of the workers' database sessions found waiting for a row lock (PostgreSQL). */
  waiting: number;
}

/** Counts the sessions of the benchmark's database that wait for a lock right now. */
type LockProbe = () => Promise<number>;

/** Runs `op(worker)` from `workers` concurrent loops for `seconds`; each worker has its own rows. */
async function measure(
  workers: number,
  seconds: number,
  op: (worker: number, i: number) => Promise<unknown>,
  probe?: LockProbe,
): Promise<Sample> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const waits: number[] = [];
  const sampling = (async () => {
    while (probe && performance.now() < end) {
      waits.push(await probe());
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        await op(w, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  await sampling;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    waiting: waits.length ? waits.reduce((a, b) => a + b, 0) / waits.length : 0,
  };
}

async function bench(name: string, database: Database, workers: number, probe?: LockProbe): Promise<void> {
  const { db } = database;
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_counter (id int PRIMARY KEY, n bigint NOT NULL)`);
  await db.execute(sql`INSERT INTO bench_counter SELECT g, 0 FROM generate_series(0, 63) g ON CONFLICT DO NOTHING`);
  const users: number[] = [];
  for (let w = 0; w < workers; w++) {
    const u = await insertLedgerUser(db);
    await deposit(db, u, USDT, '1000000');
    await deposit(db, u, BTC, '100');
    users.push(u);
  }
  const bare = (w: number) => db.execute(sql`UPDATE bench_counter SET n = n + 1 WHERE id = ${w}`);
  const transfer = (w: number, i: number) =>
    inTransaction(db, (tx) =>
      moveBetweenAccounts(
        tx,
        users[w]!,
        {
          currency_id: 3,
          number: '0.01',
          from_field: i % 2 ? 'change' : 'legal',
          to_field: i % 2 ? 'legal' : 'change',
        },
        new Date(),
      ),
    );
  // Alternating directions keeps both balances from running dry over a long run.
  const swap = (w: number, i: number) =>
    inTransaction(db, (tx) =>
      exchange(
        tx,
        users[w]!,
        prices,
        i % 2
          ? { number: '0.0002', from_currency_id: BTC, to_currency_id: USDT }
          : { number: '10', from_currency_id: USDT, to_currency_id: BTC },
        new Date(),
      ),
    );
  await measure(workers, 1, bare);
  await measure(workers, 1, transfer);
  await measure(workers, 1, swap);
  const b: Sample[] = [];
  const t: Sample[] = [];
  const x: Sample[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    b.push(await measure(workers, SECONDS, bare));
    t.push(await measure(workers, SECONDS, transfer, probe));
    x.push(await measure(workers, SECONDS, swap, probe));
  }
  const mean = (xs: Sample[], k: keyof Sample) => xs.reduce((s, x) => s + x[k], 0) / xs.length;
  const bareRate = mean(b, 'perSecond');
  const txRate = mean(t, 'perSecond');
  const bareP99 = mean(b, 'p99');
  const txP99 = mean(t, 'p99');
  const swapRate = mean(x, 'perSecond');
  const swapP99 = mean(x, 'p99');
  console.log(`${name} (${workers} concurrent workers)`);
  console.log(`  bare single-row UPDATE: ${bareRate.toFixed(0)}/s, p99 ${bareP99.toFixed(2)} ms`);
  console.log(`  ledger transfer:        ${txRate.toFixed(0)}/s, p99 ${txP99.toFixed(2)} ms`);
  console.log(`  coin exchange:          ${swapRate.toFixed(0)}/s, p99 ${swapP99.toFixed(2)} ms`);
  console.log(
    `  ratio: throughput ${(txRate / bareRate).toFixed(3)}x of bare, p99 ${(txP99 / bareP99).toFixed(1)}x of bare`,
  );
  console.log(
    `  exchange vs own-account transfer: throughput ${(swapRate / txRate).toFixed(3)}x, p99 ${(swapP99 / txP99).toFixed(2)}x (goal >= 0.8x throughput)`,
  );
  if (probe) {
    // Independent of how busy the machine is: exchanges queueing on a shared row show up here.
    console.log(
      `  sessions waiting for a row lock (of ${workers}): transfer ${mean(t, 'waiting').toFixed(2)}, exchange ${mean(x, 'waiting').toFixed(2)}`,
    );
  }
}

const lite = await openPglite();
await lite.migrate();
try {
  // PGlite runs one statement at a time on one connection; more workers only queue.
  await bench('PGlite (in memory)', lite, 1);
} finally {
  await lite.close();
}

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
const postgres = openPostgres(url.toString());
try {
  await postgres.migrate();
  const waitingForLocks = async () => {
    const res = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
      [scratch],
    );
    return Number(res.rows[0]?.n ?? 0);
  };
  await bench('PostgreSQL', postgres, 8, waitingForLocks);
} finally {
  await postgres.close();
  // The pool has closed its connections by now; no FORCE, which would kill a slow one mid-exit.
  await new Promise((r) => setTimeout(r, 200));
  await admin.query(`DROP DATABASE IF EXISTS "${scratch}"`);
  await admin.end();
}
