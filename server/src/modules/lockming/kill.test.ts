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
 * `kill -9` of the real server while clients lock and redeem over HTTP, then a restart: every
 * acknowledged deposit is stored, every acknowledged redemption is redeemed, each order in progress
 * still has its hold and no redeemed one does, and the ledger's invariants hold. On PGlite (a data
 * folder) and on PostgreSQL when DATABASE_URL is set.
 */

const LOAD_MS = 3000;
const CLIENTS = 6;

type Acked = Map<number, 'in_progress' | 'redeemed'>;

function load(server: Started, productId: number) {
  let running = true;
  const acked: Acked = new Map();
  const call = async (token: string, path: string, body: Record<string, string>) => {
    const res = await fetch(`${server.app}/api${path}`, {
      method: 'POST',
      headers: {
        authorization: token,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      body: new URLSearchParams({ lang: 'en', ...body }).toString(),
    });
    return (await res.json()) as { type: string; message: { id: number; status: 'in_progress' | 'redeemed' } };
  };
  const worker = async (w: number) => {
    const { token } = server.users[w % server.users.length]!;
    const open: number[] = [];
    try {
      for (let i = 0; running; i++) {
        const reply =
          i % 3 === 2 && open.length > 0
            ? await call(token, '/lh/deposit/order/cancel', { id: String(open.shift()) })
            : await call(token, '/lh/deposit', { config_id: String(productId), amount: '100' });
        if (reply.type !== 'ok') continue;
        acked.set(reply.message.id, reply.message.status);
        if (reply.message.status === 'in_progress') open.push(reply.message.id);
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

async function verify(database: Database, acked: Acked): Promise<void> {
  const stored = new Map(
    (
      await rows(
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
  const holds = await rows(
    database,
    sql`SELECT count(*) FILTER (WHERE (o.status = 'in_progress') <> (h.status = 'held')) AS wrong
        FROM lock_orders o JOIN ledger_holds h ON h.id = o.hold_id`,
  );
  expect(Number(holds[0]!.wrong)).toBe(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

async function killDuringLoad(target: string): Promise<void> {
  const first = await startServer(target, CLIENTS);
  const products = (await (await fetch(`${first.app}/api/lh/deposit/config`)).json()) as {
    message: { id: number; days: number }[];
  };
  const traffic = load(first, products.message.find((p) => p.days === 5)!.id);
  await new Promise((r) => setTimeout(r, LOAD_MS));
  first.child.kill('SIGKILL');
  await exited(first.child);
  await traffic.stop();
  expect(traffic.acked.size).toBeGreaterThan(5);
  expect([...traffic.acked.values()]).toContain('redeemed');

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

describe('lock mining killed during a load', () => {
  it('loses nothing acknowledged on PGlite', () => onPgliteFolder(killDuringLoad), 120_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'loses nothing acknowledged on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killDuringLoad),
    120_000,
  );
});
