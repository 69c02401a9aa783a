import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { killDuringLoad, onBothDatabases, postForm, rowsOf, runClients } from '../../testing/kill-load';
import type { Started } from '../../testing/kill-support';

/**
 * `kill -9` of the real server while clients lock and redeem over HTTP, then a restart: every
 * acknowledged deposit is stored, every acknowledged redemption is redeemed, each order in progress
 * still has its hold and no redeemed one does, and the ledger's invariants hold. On PGlite (a data
 * folder) and on PostgreSQL when DATABASE_URL is set.
 */

const CLIENTS = 6;

type Status = 'in_progress' | 'redeemed';

async function load(server: Started) {
  const products = (await (await fetch(`${server.app}/api/lh/deposit/config`)).json()) as {
    message: { id: number; days: number }[];
  };
  const productId = String(products.message.find((p) => p.days === 5)!.id);
  const acked = new Map<number, Status>();
  const clients = runClients(server, CLIENTS, async ({ token }, _index, running) => {
    const open: number[] = [];
    for (let i = 0; running(); i++) {
      const reply =
        i % 3 === 2 && open.length > 0
          ? await postForm<{ id: number; status: Status }>(server, token, '/lh/deposit/order/cancel', {
              id: String(open.shift()),
            })
          : await postForm<{ id: number; status: Status }>(server, token, '/lh/deposit', {
              config_id: productId,
              amount: '100',
            });
      if (reply.type !== 'ok') continue;
      acked.set(reply.message.id, reply.message.status);
      if (reply.message.status === 'in_progress') open.push(reply.message.id);
    }
  });
  return { ...clients, acked };
}

async function verify(database: Database, { acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  expect(acked.size).toBeGreaterThan(5);
  expect([...acked.values()]).toContain('redeemed');
  const stored = new Map(
    (
      await rowsOf(
        database,
        sql`SELECT id, status FROM lock_orders WHERE id = ANY(${sql.param([...acked.keys()])}::int[])`,
      )
    ).map((r) => [Number(r.id), String(r.status)]),
  );
  for (const [id, status] of acked) {
    // Acknowledged redeemed: redeemed; acknowledged locked: locked, or redeemed by a later request.
    if (status === 'redeemed') expect(stored.get(id), `order ${id}`).toBe('redeemed');
    else expect(['in_progress', 'redeemed'], `order ${id}`).toContain(stored.get(id));
  }
  const holds = await rowsOf(
    database,
    sql`SELECT count(*) FILTER (WHERE (o.status = 'in_progress') <> (h.status = 'held')) AS wrong
        FROM lock_orders o JOIN ledger_holds h ON h.id = o.hold_id`,
  );
  expect(Number(holds[0]!.wrong)).toBe(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

describe('lock mining killed during a load', () => {
  onBothDatabases(
    'loses nothing acknowledged',
    (target) => killDuringLoad(target, { users: CLIENTS, load, verify }),
    120_000,
  );
});
