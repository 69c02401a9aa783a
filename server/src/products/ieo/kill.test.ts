import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { killDuringLoad, onBothDatabases, postForm, rowsOf, runClients } from '../../testing/kill-load';
import type { Started } from '../../testing/kill-support';

/**
 * `kill -9` of the real server while clients subscribe to the demo IEO project in progress over
 * HTTP, then a restart: every acknowledged subscription is stored with its payment still held,
 * the project's applied total is the sum of its stored subscriptions (nothing half written), and
 * the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const CLIENTS = 6;

async function openProject(server: Started): Promise<number> {
  const res = await fetch(`${server.app}/api/project?limit=100`);
  const body = (await res.json()) as { message: { data: { id: number; state: string }[] } };
  const live = body.message.data.find((p) => p.state === 'progress');
  if (!live) throw new Error('no demo IEO project in progress');
  return live.id;
}

async function load(server: Started) {
  const projectId = await openProject(server);
  const acked = new Set<number>();
  const clients = runClients(server, CLIENTS, async ({ token }, _index, running) => {
    while (running()) {
      const reply = await postForm(server, token, '/project/order', {
        project_id: String(projectId),
        amount: '1.5',
        pay_currency: '3',
        price: '5.8',
      });
      if (reply.type === 'ok') acked.add(reply.message.id);
    }
  });
  return { ...clients, projectId, acked };
}

async function verify(database: Database, { projectId, acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  expect(acked.size).toBeGreaterThan(5);
  const stored = await rowsOf(
    database,
    sql`SELECT o.id, o.status, h.status AS hold FROM ieo_orders o JOIN ledger_holds h ON h.id = o.hold_id
        WHERE o.project_id = ${projectId}`,
  );
  const ids = new Set(stored.map((r) => Number(r.id)));
  for (const id of acked) expect(ids.has(id), `subscription ${id}`).toBe(true);
  expect(stored.every((r) => r.status === 'applied' && r.hold === 'held')).toBe(true);
  const [sums] = await rowsOf(
    database,
    sql`SELECT p.applied::text AS applied, (SELECT coalesce(sum(amount), 0)::text FROM ieo_orders WHERE project_id = p.id) AS orders
        FROM ieo_projects p WHERE p.id = ${projectId}`,
  );
  expect(Number(sums!.applied)).toBe(Number(sums!.orders));
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

describe('IEO subscriptions killed during a load', () => {
  onBothDatabases(
    'lose nothing acknowledged',
    (target) => killDuringLoad(target, { users: CLIENTS, load, verify }),
    120_000,
  );
});
