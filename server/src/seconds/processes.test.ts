import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { LedgerBatch, toUnits } from '../ledger/batch';
import { checkInvariants } from '../ledger/index';
import { insertLedgerUser } from '../ledger/testing';
import { systemAccount, userAccount } from '../ledger/types';
import { CATALOG } from '../market/catalog';
import { secondOf, writePrices } from '../market/price-history';
import { runTogether } from '../trading/repo';
import { outcome } from './outcome';
import { SETTLE_PRICE_MAX_AGE_MS } from './terms';
import { SecondsWorker } from './worker';

/**
 * Two settlement workers in two processes on one PostgreSQL database settle each of 1,500 orders
 * exactly once: the test's own worker and one in a child process (`settle-process.ts`), started
 * together, in small batches so they interleave.
 */

const CHILD = fileURLToPath(new URL('./settle-process.ts', import.meta.url));
const USDT = 3;
const ORDERS = 1500;
const USERS = 12;
const PAIRS = CATALOG.instruments.filter((i) => i.openMicrotrade).map((i) => i.id);

type Row = Record<string, unknown>;
const rows = async (db: Database, q: ReturnType<typeof sql>) =>
  ((await db.db.execute(q)) as unknown as { rows: Row[] }).rows;

/** Users with 1,000 USDT in their micro accounts and open orders expiring at `expiry`. */
async function openOrders(database: Database, expiry: number): Promise<number[]> {
  const users: number[] = [];
  for (let i = 0; i < USERS; i++) users.push(await insertLedgerUser(database.db));
  await database.db.transaction(async (tx) => {
    const batch = new LedgerBatch(new Date(expiry - 30_000));
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
    const orders = Array.from({ length: ORDERS }, (_, i) => {
      const user = users[i % USERS]!;
      const stake = String(1 + (i % 3));
      const hold = batch.hold(userAccount(user, USDT, 'micro'), toUnits(stake), { kind: 'micro_stake', userId: user });
      return { user, pair: PAIRS[i % PAIRS.length]!, type: ((i >> 1) % 2) + 1, stake, hold };
    });
    const ledger = await batch.prepare(tx);
    const col = <T>(f: (o: (typeof orders)[number]) => T) => sql.param(orders.map(f));
    await runTogether(tx, [
      ...ledger,
      sql`INSERT INTO micro_orders (user_id, pair_id, currency_id, type, seconds, stake, profit_ratio, open_price,
          open_price_at, open_source, end_at, status, hold_id, created_at)
        SELECT u, p, ${USDT}, t, 30, s, 0.2, 100, ${expiry - 30_000}, 'simulated', ${expiry}, 'holding', h, now()
        FROM unnest(${col((o) => o.user)}::int[], ${col((o) => o.pair)}::int[], ${col((o) => o.type)}::smallint[],
          ${col((o) => o.stake)}::numeric[], ${col((o) => o.hold.id)}::int[]) AS v(u, p, t, s, h)`,
    ]);
  });
  await writePrices(
    database.db,
    PAIRS.flatMap((pairId, k) => [
      { pairId, second: secondOf(expiry - 30_000), price: '100', ts: expiry - 30_000, source: 'simulated' as const },
      {
        pairId,
        second: secondOf(expiry - 300),
        price: ['101', '99', '100'][k % 3]!,
        ts: expiry - 300,
        source: 'simulated' as const,
      },
    ]),
  );
  return users;
}

function startChild(target: string, mark: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, TARGET: target, MARK: String(mark), BATCH: '25' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`settlement process exited with ${code} before it was ready`)));
  });
  const done = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) reject(new Error(`settlement process exited with ${code}: ${out}`));
      else resolve((JSON.parse(line) as { settled: number }).settled);
    });
  });
  return { ready, done, go: () => child.stdin.write('go\n') };
}

describe('seconds settlement in two processes', () => {
  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'settles every order exactly once on PostgreSQL',
    async () => {
      const name = `h5_seconds_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const database = openPostgres(url.toString());
      try {
        await database.migrate();
        const expiry = Math.ceil(Date.now() / 1000) * 1000;
        const users = await openOrders(database, expiry);
        const mark = expiry + 1000;
        const child = startChild(url.toString(), mark);
        await child.ready;
        const here = new SecondsWorker({
          db: database.db,
          now: () => new Date(mark),
          pairIds: PAIRS,
          recordedThrough: () => mark,
          staleMs: SETTLE_PRICE_MAX_AGE_MS,
          batchSize: 25,
        });
        child.go();
        const [mine, theirs] = await Promise.all([here.settleDue(), child.done]);
        expect(mine + theirs).toBe(ORDERS);
        // Both processes took part.
        expect(Math.min(mine, theirs)).toBeGreaterThan(0);

        const settled = await rows(
          database,
          sql`SELECT o.type, o.stake, o.open_price, o.end_price, o.profit_ratio, o.result, o.payout, o.user_id,
              h.status AS hold_status, h.close_tx_id, o.settle_tx_id
            FROM micro_orders o JOIN ledger_holds h ON h.id = o.hold_id WHERE o.status = 'settled'`,
        );
        expect(settled).toHaveLength(ORDERS);
        const net = new Map<number, number>();
        for (const o of settled) {
          // Each hold closed once, by the transaction that settled its order, with the pure outcome.
          expect(o.hold_status).not.toBe('held');
          expect(Number(o.close_tx_id)).toBe(Number(o.settle_tx_id));
          const expected = outcome(
            Number(o.type) as 1 | 2,
            String(o.open_price),
            String(o.end_price),
            String(o.stake),
            String(o.profit_ratio),
          );
          expect(o.result).toBe(expected.result);
          expect(Number(o.payout)).toBe(Number(expected.payout));
          const u = Number(o.user_id);
          net.set(u, (net.get(u) ?? 0) - Number(o.stake) + Number(o.payout));
        }
        const balances = await rows(
          database,
          sql`SELECT user_id, available, held FROM ledger_accounts WHERE type = 4 AND currency_id = ${USDT}`,
        );
        for (const u of users) {
          const b = balances.find((r) => Number(r.user_id) === u)!;
          expect(Number(b.held)).toBe(0);
          expect(Number(b.available)).toBeCloseTo(1000 + net.get(u)!, 9);
        }
        expect((await checkInvariants(database.db)).ok).toBe(true);
      } finally {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});
