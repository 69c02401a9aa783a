// `npm run bench:lockming`: lock mining's daily interest job (`lock.daily_interest`, through the
// real scheduler: one transaction with its `scheduled_runs` record) over 2,000 and 20,000 orders
// in progress, each owed one day; then a catch-up of three missed days. Baseline in the same run:
// a bare ledger transfer (house to a user's change account, one `post` in its own transaction),
// so the job's cost per order reads as a ratio to it. On PGlite (in memory) and on PostgreSQL
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a scratch database per size
// is created there and dropped). BENCH_ORDERS changes the sizes (comma-separated). Users, balances,
// holds and orders are set up in bulk first (not timed). Checks that each order is paid once per
// day and the ledger's invariants hold.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, type Database } from '../server/src/db/client';
import { openPostgres } from '../server/src/db/postgres';
import { checkInvariants, inTransaction, post, systemAccount, userAccount } from '../server/src/ledger/index';
import { insertLedgerUser } from '../server/src/testing/ledger';
import { lockJobs } from '../server/src/products/lockming/jobs';
import { benchProduct, bulkLockOrders, interestRecord } from '../server/src/testing/lockming';
import { Scheduler } from '../server/src/scheduler/index';

const SIZES = (process.env.BENCH_ORDERS ?? '2000,20000').split(',').map(Number);
const TRANSFERS = 200;
const DAY = 86_400_000;
const USDT = 3;
/** Day D: the job runs a minute into it for day D-1; orders were placed on D-2. */
const D = Math.floor(Date.UTC(2032, 5, 1) / DAY);

/** Milliseconds per bare ledger transfer (one `post` per transaction), after a short warm-up. */
async function bareTransfer(database: Database): Promise<number> {
  const user = await insertLedgerUser(database.db);
  const once = () =>
    inTransaction(database.db, (tx) =>
      post(tx, {
        kind: 'lock_interest',
        entries: [
          { account: systemAccount('house', USDT), amount: '-0.5' },
          { account: userAccount(user, USDT, 'change'), amount: '0.5' },
        ],
      }),
    );
  for (let i = 0; i < 20; i++) await once();
  const t0 = performance.now();
  for (let i = 0; i < TRANSFERS; i++) await once();
  return (performance.now() - t0) / TRANSFERS;
}

async function run(name: string, database: Database, n: number): Promise<void> {
  const transferMs = await bareTransfer(database);
  const placed = new Date((D - 2) * DAY + 12 * 3_600_000);
  const product = await benchProduct(database.db, 10, placed, D - 2, D + 4);
  const ids = await bulkLockOrders(database.db, product, n, '1000', placed);
  let now = D * DAY + 60_000;
  const failures: string[] = [];
  const scheduler = new Scheduler({
    db: database.db,
    now: () => new Date(now),
    manual: true,
    onError: (err, job) => failures.push(`${job}: ${(err as Error).message}`),
  });
  scheduler.register(lockJobs(() => new Date(now)).find((j) => j.name === 'lock.daily_interest')!);

  let t0 = performance.now();
  await scheduler.runDue();
  const dayMs = performance.now() - t0;
  const one = await interestRecord(database.db, ids, D - 1);

  now = (D + 3) * DAY + 60_000;
  t0 = performance.now();
  const caught = await scheduler.runDue();
  const catchUpMs = performance.now() - t0;
  const all = await interestRecord(database.db, ids, D + 2);
  const invariants = await checkInvariants(database.db);
  const correct =
    failures.length === 0 &&
    one.payments === n &&
    one.behind === 0 &&
    caught === 3 &&
    all.payments === 4 * n &&
    all.most === 1 &&
    all.behind === 0 &&
    invariants.ok;
  const perOrder = dayMs / n;
  console.log(
    `${name.padEnd(20)} ${String(n).padStart(6)} orders: one day ${dayMs.toFixed(0)} ms ` +
      `(${(perOrder * 1000).toFixed(0)} µs an order, ${(perOrder / transferMs).toFixed(2)}x a bare transfer of ` +
      `${transferMs.toFixed(2)} ms); catch-up of 3 days ${catchUpMs.toFixed(0)} ms ` +
      `(${((catchUpMs / (3 * n)) * 1000).toFixed(0)} µs an order-day); ` +
      `${all.payments} payments, at most ${all.most} per order and day, ${all.behind} orders behind; ` +
      `ledger invariants ${invariants.ok ? 'hold' : 'BROKEN'}${failures.length ? `; FAILED ${failures.join('; ')}` : ''}; ` +
      (correct ? 'correct' : 'WRONG'),
  );
  if (!correct) process.exitCode = 1;
}

console.log(`bench:lockming: the daily interest job over ${SIZES.join(' and ')} orders, each owed one day`);
for (const n of SIZES) {
  const lite = await openPglite();
  await lite.migrate();
  try {
    await run('PGlite (in memory)', lite, n);
  } finally {
    await lite.close();
  }
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch (err) {
  console.log(`PostgreSQL at ${adminUrl} unreachable (${(err as Error).message}); skipped`);
  process.exit(process.exitCode ?? 0);
}
for (const n of SIZES) {
  const scratch = `lock_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${scratch}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  const database = openPostgres(url.toString());
  try {
    await database.migrate();
    await run('PostgreSQL', database, n);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
  }
}
await admin.end();
