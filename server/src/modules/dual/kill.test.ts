import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import {
  exited,
  onPgliteFolder,
  onScratchPostgres,
  openAfterKill,
  startServer,
  type Started,
} from '../../trading/kill-support';

/**
 * `kill -9` of the real server while clients buy dual invest shares over HTTP, then a restart:
 * every acknowledged order is stored with its hold, every product's sold shares are exactly the
 * shares of its stored orders (nothing sold without an order, no order without its shares), and
 * the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const LOAD_MS = 3000;
const CLIENTS = 6;

async function products(server: Started): Promise<number[]> {
  // Demo mode makes the day's products once the price record has prices (about a second).
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${server.app}/api/dual/index?lang=en`);
    const reply = (await res.json()) as { type: string; message: { products: { id: number; status: string }[] } };
    const ids = reply.message.products.filter((p) => p.status === 'on_sale').map((p) => p.id);
    if (ids.length > 0) return ids;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no dual products were made');
}

function load(server: Started, ids: number[]) {
  let running = true;
  const acked = new Set<number>();
  const buyer = async (w: number) => {
    const { token } = server.users[w % server.users.length]!;
    try {
      for (let i = 0; running; i++) {
        const res = await fetch(`${server.app}/api/dual/buyDual`, {
          method: 'POST',
          headers: {
            authorization: token,
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': randomUUID(),
          },
          body: new URLSearchParams({ lang: 'en', id: String(ids[(w + i) % ids.length]), num: String(1 + (i % 3)) }),
        });
        const reply = (await res.json()) as { type: string; message: { id: number } };
        if (reply.type === 'ok') acked.add(reply.message.id);
      }
    } catch {
      // The server was killed: this request is unacknowledged, which is what the test is about.
    }
  };
  const workers = Promise.all(Array.from({ length: CLIENTS }, (_, w) => buyer(w)));
  return {
    acked,
    async stop() {
      running = false;
      await workers;
    },
  };
}

type Row = Record<string, unknown>;
const rows = async (database: Database, q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: Row[] }).rows;

async function verify(database: Database, acked: Set<number>): Promise<void> {
  const stored = await rows(
    database,
    sql`SELECT o.id, o.status, h.status AS hold, h.remaining = o.amount AS whole FROM dual_orders o
      JOIN ledger_holds h ON h.id = o.hold_id WHERE o.id = ANY(${sql.param([...acked])}::bigint[])`,
  );
  expect(stored).toHaveLength(acked.size);
  for (const r of stored) expect(r).toMatchObject({ status: 'purchased', hold: 'held', whole: true });
  const mismatched = await rows(
    database,
    sql`SELECT p.id FROM dual_products p
      LEFT JOIN (SELECT product_id, sum(shares)::int AS n FROM dual_orders GROUP BY product_id) o ON o.product_id = p.id
      WHERE p.sold_shares <> coalesce(o.n, 0)`,
  );
  expect(mismatched).toEqual([]);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

async function killDuringBuys(target: string): Promise<void> {
  const first = await startServer(target, CLIENTS);
  const ids = await products(first);
  const traffic = load(first, ids);
  await new Promise((r) => setTimeout(r, LOAD_MS));
  first.child.kill('SIGKILL');
  await exited(first.child);
  await traffic.stop();
  expect(traffic.acked.size).toBeGreaterThan(5);

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
}

describe('dual invest buys killed during a load', () => {
  it(
    'lose nothing acknowledged and sell no share without its order on PGlite',
    () => onPgliteFolder(killDuringBuys),
    120_000,
  );

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'lose nothing acknowledged and sell no share without its order on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killDuringBuys),
    120_000,
  );
});
