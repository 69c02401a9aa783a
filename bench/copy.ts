// `npm run bench:copy`: a trader with 1,000 followers opens and then closes a futures position;
// the time from the trader's committed fill (and close) to the last follower's committed copy
// (and copy close), through the real path: the futures engine's change listener, the copy
// engine's queue and its batched fan-out (`server/src/products/copytrade/fanout.ts`). Baselines in the same
// run: the trader's own open (one transaction) and a trader with a single follower. On PGlite (in
// memory) and on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a
// scratch database is created there and dropped). Goal: under 1 s for 1,000. BENCH_FOLLOWERS
// changes the size. Users, balances and follows are set up in bulk first (not timed). Beside each
// time, this process's CPU time over it: on a shared machine the wall time also counts waiting for
// a core, while on PGlite (which runs in this process) the CPU time is the work itself.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, type Database } from '../server/src/db/client';
import { openPostgres } from '../server/src/db/postgres';
import { CopyEngine } from '../server/src/products/copytrade/engine';
import { bulkFollowers } from '../server/src/testing/copytrade';
import { FuturesEngine } from '../server/src/positions/engine';
import { checkInvariants, inTransaction, post, systemAccount, userAccount } from '../server/src/ledger/index';
import { CATALOG } from '../server/src/market/catalog';
import type { MarketRuntime } from '../server/src/market/runtime';
import { closeAt, submit } from '../server/src/positions/service';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 1000);
const GOAL_MS = 1000;
const BTC = CATALOG.instruments.find((i) => i.symbol === 'BTC/USDT')!;

/** Milliseconds of this process's CPU (user + system) since `start`. */
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** A feed that always says BTC trades at `price` now (the bench needs no market). */
function fixedMarket(price: () => string): MarketRuntime {
  const quote = () => ({ now_price: price(), ts: Date.now(), stale: false });
  return { quote, instruments: () => CATALOG.instruments } as unknown as MarketRuntime;
}

async function trader(database: Database, followers: number, at: Date): Promise<number> {
  const tag = randomBytes(4).toString('hex');
  const res = (await database.db
    .execute(sql`INSERT INTO users (account_number, password_hash, nickname, invitation_code, created_at, updated_at)
    VALUES (${'t' + tag}, 'x', 'trader', ${'T' + tag}, now(), now()) RETURNING id`)) as unknown as {
    rows: { id: number }[];
  };
  const id = Number(res.rows[0]!.id);
  await database.db.execute(sql`INSERT INTO follow_traders (user_id, approved_at) VALUES (${id}, now())`);
  await bulkFollowers(database.db, id, followers, '100', at);
  return id;
}

async function run(name: string, database: Database): Promise<void> {
  let price = '20000';
  const market = fixedMarket(() => price);
  const at = new Date();
  const futures = new FuturesEngine({
    db: database.db,
    market,
    now: () => new Date(),
    emit: () => {},
    log: console.error,
  });
  // Not started: no feed; stopped, so it sends no user events (the index still takes the copies).
  await futures.stop();
  const copies = new CopyEngine({ db: database.db, futures, now: () => new Date(), log: console.error });
  await copies.start();
  const big = await trader(database, FOLLOWERS, at);
  const small = await trader(database, 1, at);
  // The traders pay their own margin: fund them as followers are funded (a deposit each).
  for (const id of [big, small]) {
    await inTransaction(database.db, async (tx) => {
      await post(tx, {
        kind: 'deposit',
        at,
        entries: [
          { account: systemAccount('external_deposits', 3), amount: '-100000' },
          { account: userAccount(id, 3, 'lever'), amount: '100000' },
        ],
      });
    });
  }
  const open = async (userId: number) => {
    const t0 = performance.now();
    const row = await inTransaction(database.db, (tx) =>
      submit(
        tx,
        market,
        userId,
        {
          currency_id: BTC.base.id,
          legal_id: BTC.quote.id,
          share: 1,
          multiple: 50,
          type: 1,
          status: 1,
          target_price: undefined,
          target_profit_price: undefined,
          stop_loss_price: undefined,
        },
        new Date(),
      ),
    );
    const filled = performance.now();
    const cpu = process.cpuUsage();
    futures.changed(row, 'opened');
    await copies.idle();
    return { row, fillMs: filled - t0, copyMs: performance.now() - filled, copyCpuMs: cpuMs(cpu) };
  };
  const close = async (id: number) => {
    const row = await inTransaction(database.db, (tx) =>
      closeAt(tx, id, { price, ts: Date.now(), source: 'simulated' }, 'user', new Date()),
    );
    const closed = performance.now();
    const cpu = process.cpuUsage();
    futures.changed(row!, 'closed');
    await copies.idle();
    return { ms: performance.now() - closed, cpuMs: cpuMs(cpu) };
  };
  const one = await open(small);
  const oneClose = await close(one.row.id);
  const many = await open(big);
  price = '20050';
  const manyClose = await close(many.row.id);
  const [counted] = (
    (await database.db
      .execute(sql`SELECT count(*) FILTER (WHERE p.status = 'closed' AND p.close_price = 20050)::int AS closed,
        count(*)::int AS copies FROM copy_trades c JOIN lever_positions p ON p.id = c.position_id
        WHERE c.trader_position_id = ${many.row.id}`)) as unknown as { rows: { closed: number; copies: number }[] }
  ).rows;
  const invariants = await checkInvariants(database.db);
  await copies.stop();
  const verdict = many.copyMs < GOAL_MS && manyClose.ms < GOAL_MS && counted?.closed === FOLLOWERS ? 'within' : 'OVER';
  console.log(
    `${name.padEnd(20)} trader's own open ${many.fillMs.toFixed(0)} ms; 1 follower: copy ${one.copyMs.toFixed(0)} ms, ` +
      `close ${oneClose.ms.toFixed(0)} ms; ${FOLLOWERS} followers: fill to last copy ${many.copyMs.toFixed(0)} ms ` +
      `(CPU ${many.copyCpuMs.toFixed(0)} ms), close to last copy closed ${manyClose.ms.toFixed(0)} ms ` +
      `(CPU ${manyClose.cpuMs.toFixed(0)} ms) (${counted?.copies} copies, ${counted?.closed} closed at the trader's price); ` +
      `ledger invariants ${invariants.ok ? 'hold' : 'BROKEN'}; ${verdict} the ${GOAL_MS} ms goal`,
  );
}

console.log(`bench:copy: one trader, ${FOLLOWERS} followers with 1 lot each, BTC/USDT 50x`);
const lite = await openPglite();
await lite.migrate();
try {
  await run('PGlite (in memory)', lite);
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
const database = openPostgres(url.toString());
try {
  await database.migrate();
  await run('PostgreSQL', database);
} finally {
  await database.close();
  await new Promise((r) => setTimeout(r, 200));
  await admin.query(`DROP DATABASE IF EXISTS "${scratch}"`);
  await admin.end();
}
