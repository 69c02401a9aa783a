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
 * `kill -9` of the real server while clients subscribe to the demo IEO project in progress over
 * HTTP, then a restart: every acknowledged subscription is stored with its payment still held,
 * the project's applied total is the sum of its stored subscriptions (nothing half written), and
 * the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const LOAD_MS = 3000;
const CLIENTS = 6;

async function openProject(server: Started): Promise<number> {
  const res = await fetch(`${server.app}/api/project?limit=100`);
  const body = (await res.json()) as { message: { data: { id: number; state: string }[] } };
  const live = body.message.data.find((p) => p.state === 'progress');
  if (!live) throw new Error('no demo IEO project in progress');
  return live.id;
}

function load(server: Started, projectId: number) {
  let running = true;
  const acked = new Set<number>();
  const worker = async (w: number) => {
    const { token } = server.users[w % server.users.length]!;
    try {
      while (running) {
        const res = await fetch(`${server.app}/api/project/order`, {
          method: 'POST',
          headers: {
            authorization: token,
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': randomUUID(),
          },
          body: new URLSearchParams({
            lang: 'en',
            project_id: String(projectId),
            amount: '1.5',
            pay_currency: '3',
            price: '5.8',
          }).toString(),
        });
        const reply = (await res.json()) as { type: string; message: { id: number } };
        if (reply.type === 'ok') acked.add(reply.message.id);
      }
    } catch {
      // The server was killed: the request is unacknowledged, which is what this test is about.
    }
  };
  const workers = Promise.all(Array.from({ length: CLIENTS }, (_, w) => worker(w)));
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

async function verify(database: Database, projectId: number, acked: Set<number>): Promise<void> {
  const stored = await rows(
    database,
    sql`SELECT o.id, o.status, h.status AS hold FROM ieo_orders o JOIN ledger_holds h ON h.id = o.hold_id
        WHERE o.project_id = ${projectId}`,
  );
  const ids = new Set(stored.map((r) => Number(r.id)));
  for (const id of acked) expect(ids.has(id), `subscription ${id}`).toBe(true);
  expect(stored.every((r) => r.status === 'applied' && r.hold === 'held')).toBe(true);
  const [sums] = await rows(
    database,
    sql`SELECT p.applied::text AS applied, (SELECT coalesce(sum(amount), 0)::text FROM ieo_orders WHERE project_id = p.id) AS orders
        FROM ieo_projects p WHERE p.id = ${projectId}`,
  );
  expect(Number(sums!.applied)).toBe(Number(sums!.orders));
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

async function killDuringSubscriptions(target: string): Promise<void> {
  const first = await startServer(target, CLIENTS);
  const projectId = await openProject(first);
  const traffic = load(first, projectId);
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
    await verify(database, projectId, traffic.acked);
  } finally {
    await database.close();
  }
}

describe('IEO subscriptions killed during a load', () => {
  it('lose nothing acknowledged on PGlite', () => onPgliteFolder(killDuringSubscriptions), 120_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'lose nothing acknowledged on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killDuringSubscriptions),
    120_000,
  );
});
