import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database } from '../../db/client';
import { openPostgres } from '../../db/postgres';
import { LedgerBatch, toUnits, type BatchHold } from '../../ledger/batch';
import { checkInvariants } from '../../ledger/index';
import { insertLedgerUser } from '../../testing/ledger';
import { systemAccount, userAccount, type Tx } from '../../ledger/types';
import { CATALOG } from '../../market/catalog';
import { secondOf, writePrices } from '../../market/price-history';
import { runTogether } from '../../db/rows';
import { escrowAccount, escrowShardOf } from './escrow';
import { outcome } from './outcome';
import { parseBody, verifyChain } from '@contract/domain/settlement-chain';
import { sha256 } from '../../settlement-record/index';
import { SETTLE_PRICE_MAX_AGE_MS } from './terms';
import { claimShard } from './settle';
import { escrowMismatches } from '../../testing/seconds';
import { startScript } from '../../testing/child-process';
import { SecondsWorker } from './worker';

/**
 * Two settlement workers in two processes on one PostgreSQL database settle each of 1,500 orders
 * exactly once: the test's own worker and one in a child process (`settle-process.ts`), started
 * together, in small batches so they interleave. Every other order is as the release before the
 * escrow accepted it (its stake in a hold), so both kinds settle side by side.
 */

const CHILD = fileURLToPath(new URL('../../testing/seconds-settle-process.ts', import.meta.url));
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
      const micro = userAccount(user, USDT, 'micro');
      const input = { kind: 'micro_stake', userId: user } as const;
      let hold: BatchHold | null = null;
      if (i % 2 === 0) hold = batch.hold(micro, toUnits(stake), input);
      else {
        const escrow = escrowAccount(USDT, escrowShardOf(user));
        batch.post({
          ...input,
          entries: [
            { account: micro, bucket: 'available', amount: -toUnits(stake) },
            { account: escrow, bucket: 'available', amount: toUnits(stake) },
          ],
        });
      }
      return { user, pair: PAIRS[i % PAIRS.length]!, type: ((i >> 2) % 2) + 1, stake, hold };
    });
    const ledger = await batch.prepare(tx);
    const col = <T>(f: (o: (typeof orders)[number]) => T) => sql.param(orders.map(f));
    await runTogether(tx, [
      ...ledger,
      sql`INSERT INTO micro_orders (user_id, pair_id, currency_id, type, seconds, stake, profit_ratio, open_price,
          open_price_at, open_source, end_at, status, hold_id, created_at)
        SELECT u, p, ${USDT}, t, 30, s, 0.2, 100, ${expiry - 30_000}, 'simulated', ${expiry}, 'holding', h, now()
        FROM unnest(${col((o) => o.user)}::int[], ${col((o) => o.pair)}::int[], ${col((o) => o.type)}::smallint[],
          ${col((o) => o.stake)}::numeric[], ${col((o) => o.hold?.id ?? null)}::int[]) AS v(u, p, t, s, h)`,
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

/** Advisory locks of the settlement's shard namespace held by this transaction's session. */
const ownClaims = async (tx: Tx) =>
  Number(
    (
      (await tx.execute(
        sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
          AND classid = 73002`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n,
  );

const startChild = (target: string, mark: number) =>
  startScript<{ settled: number }>(CHILD, { TARGET: target, MARK: String(mark), BATCH: '25' }, 'settlement process');

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
        // Two open transactions each claim one shard, never the same, and hold one lock each.
        const marks = PAIRS.map(() => mark);
        const claims: number[] = [];
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        const first = database.db.transaction(async (tx) => {
          claims.push((await claimShard(tx, marks))!);
          expect(await ownClaims(tx)).toBe(1);
          await released;
        });
        while (claims.length === 0) await new Promise((r) => setTimeout(r, 10));
        await database.db.transaction(async (tx) => {
          claims.push((await claimShard(tx, marks))!);
          expect(await ownClaims(tx)).toBe(1);
        });
        release();
        await first;
        expect(new Set(claims).size).toBe(2);
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
        const [mine, { settled: theirs }] = await Promise.all([here.settleDue(), child.done]);
        expect(mine + theirs).toBe(ORDERS);
        // Both processes took part.
        expect(Math.min(mine, theirs)).toBeGreaterThan(0);

        const settled = await rows(
          database,
          sql`SELECT o.id, o.type, o.stake, o.open_price, o.end_price, o.profit_ratio, o.result, o.payout, o.user_id,
              o.hold_id, h.status AS hold_status, h.close_tx_id, o.settle_tx_id, t.kind AS settle_kind
            FROM micro_orders o LEFT JOIN ledger_holds h ON h.id = o.hold_id
              LEFT JOIN ledger_transactions t ON t.id = o.settle_tx_id
            WHERE o.status = 'settled'`,
        );
        expect(settled).toHaveLength(ORDERS);
        // Every order names a settlement transaction that exists (settle_tx_id has no foreign key).
        const kinds = new Set(settled.map((o) => o.settle_kind));
        expect([...kinds].every((k) => k === 'micro_settle' || k === 'micro_refund')).toBe(true);
        const net = new Map<number, number>();
        for (const o of settled) {
          // Each hold closed once, by the transaction that settled its order, with the pure outcome.
          if (o.hold_id !== null) {
            expect(o.hold_status).not.toBe('held');
            expect(Number(o.close_tx_id)).toBe(Number(o.settle_tx_id));
          }
          expect(o.settle_tx_id).not.toBeNull();
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
        expect(settled.filter((o) => o.hold_id === null)).toHaveLength(ORDERS / 2);
        expect(await escrowMismatches(database.db)).toEqual([]);
        expect((await checkInvariants(database.db)).ok).toBe(true);
        // Both processes appended to one chain, consecutive, each record linked to the last, whose
        // batch records list every order once.
        const records = await rows(database, sql`SELECT seq, body, hash, ref FROM settlement_records ORDER BY seq`);
        const chained = records.map((r) => ({ seq: Number(r.seq), body: String(r.body), hash: String(r.hash) }));
        expect(verifyChain(sha256, chained).ok).toBe(true);
        const listed = chained.map((r) => parseBody(r.body)!.data.leaves as string[]);
        expect(listed.flat()).toHaveLength(ORDERS);
        const sets = await rows(database, sql`SELECT refs FROM settlement_leaf_sets`);
        const refs = sets.flatMap((r) => r.refs as string[]);
        expect(new Set(refs)).toEqual(new Set(settled.map((o) => `seconds:${String(o.id)}`)));
        expect(refs).toHaveLength(ORDERS);
      } finally {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});
