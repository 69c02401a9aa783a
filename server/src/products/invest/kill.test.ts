import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { killDuringLoad, onBothDatabases, postForm, rowsOf, runClients } from '../../testing/kill-load';
import type { Started } from '../../testing/kill-support';

/**
 * `kill -9` of the real server while clients buy dual invest shares over HTTP, then a restart:
 * every acknowledged order is stored with its hold, every product's sold shares are exactly the
 * shares of its stored orders (nothing sold without an order, no order without its shares), and
 * the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

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

async function load(server: Started) {
  const ids = await products(server);
  const acked = new Set<number>();
  const clients = runClients(server, CLIENTS, async ({ token }, w, running) => {
    for (let i = 0; running(); i++) {
      const reply = await postForm(server, token, '/dual/buyDual', {
        id: String(ids[(w + i) % ids.length]),
        num: String(1 + (i % 3)),
      });
      if (reply.type === 'ok') acked.add(reply.message.id);
    }
  });
  return { ...clients, acked };
}

async function verify(database: Database, { acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  expect(acked.size).toBeGreaterThan(5);
  const stored = await rowsOf(
    database,
    sql`SELECT o.id, o.status, h.status AS hold, h.remaining = o.amount AS whole FROM dual_orders o
      JOIN ledger_holds h ON h.id = o.hold_id WHERE o.id = ANY(${sql.param([...acked])}::bigint[])`,
  );
  expect(stored).toHaveLength(acked.size);
  for (const r of stored) expect(r).toMatchObject({ status: 'purchased', hold: 'held', whole: true });
  const mismatched = await rowsOf(
    database,
    sql`SELECT p.id FROM dual_products p
      LEFT JOIN (SELECT product_id, sum(shares)::int AS n FROM dual_orders GROUP BY product_id) o ON o.product_id = p.id
      WHERE p.sold_shares <> coalesce(o.n, 0)`,
  );
  expect(mismatched).toEqual([]);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

describe('dual invest buys killed during a load', () => {
  onBothDatabases(
    'lose nothing acknowledged and sell no share without its order',
    (target) => killDuringLoad(target, { users: CLIENTS, load, verify }),
    120_000,
  );
});
