import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { checkInvariants } from '../ledger/index';
import {
  exited,
  onPgliteFolder,
  onScratchPostgres,
  openAfterKill,
  startServer,
  type Started,
} from '../trading/kill-support';

/**
 * `kill -9` of the real server while clients open and close futures positions and place seconds
 * contracts over HTTP, then a restart: every acknowledged position and contract is stored at
 * least as far as it was acknowledged, each open position and holding contract still has its
 * hold, and the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when
 * DATABASE_URL is set.
 */

const LOAD_MS = 3000;
const CLIENTS = 8;

interface Acked {
  positions: Map<number, string>;
  contracts: Set<number>;
}

function load(server: Started) {
  let running = true;
  const acked: Acked = { positions: new Map(), contracts: new Set() };
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
    return (await res.json()) as { type: string; message: { id: number; status: string } };
  };
  const futures = async (token: string) => {
    const open: number[] = [];
    for (let i = 0; running; i++) {
      if (i % 3 === 2 && open.length > 0) {
        const reply = await call(token, '/lever/close', { id: String(open.shift()) });
        if (reply.type === 'ok') acked.positions.set(reply.message.id, reply.message.status);
        continue;
      }
      const reply = await call(token, '/lever/submit', {
        currency_id: '1',
        legal_id: '3',
        share: '10',
        multiple: '10',
        type: i % 2 === 0 ? '1' : '2',
        status: '1',
      });
      if (reply.type === 'ok') {
        acked.positions.set(reply.message.id, reply.message.status);
        open.push(reply.message.id);
      }
    }
  };
  const seconds = async (token: string) => {
    for (let i = 0; running; i++) {
      const reply = await call(token, '/microtrade/submit', {
        match_id: '1',
        currency_id: '3',
        type: i % 2 === 0 ? '1' : '2',
        seconds: '30',
        number: '10',
      });
      if (reply.type === 'ok') acked.contracts.add(reply.message.id);
    }
  };
  const worker = async (w: number) => {
    const { token } = server.users[w % server.users.length]!;
    try {
      await (w % 2 === 0 ? futures(token) : seconds(token));
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
  const positions = new Map(
    (
      await rows(
        database,
        sql`SELECT id, status FROM lever_positions WHERE id = ANY(${sql.param([...acked.positions.keys()])}::bigint[])`,
      )
    ).map((r) => [Number(r.id), String(r.status)]),
  );
  for (const [id, status] of acked.positions) {
    // Acknowledged closed: closed; acknowledged open: open, or closed by a later request.
    const stored = positions.get(id);
    if (status === 'closed') expect(stored, `position ${id}`).toBe('closed');
    else expect(['open', 'closed'], `position ${id}`).toContain(stored);
  }
  const contracts = await rows(
    database,
    sql`SELECT id FROM micro_orders WHERE id = ANY(${sql.param([...acked.contracts])}::bigint[])`,
  );
  expect(contracts.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...acked.contracts].sort((a, b) => a - b));
  // What is open still holds its funds, and what is over holds none.
  const holds = await rows(
    database,
    sql`SELECT count(*) FILTER (WHERE h.status <> 'held') AS lost FROM (
        SELECT margin_hold_id AS hold_id FROM lever_positions WHERE status = 'open'
        UNION ALL SELECT hold_id FROM micro_orders WHERE status = 'holding') x
      JOIN ledger_holds h ON h.id = x.hold_id`,
  );
  expect(Number(holds[0]!.lost)).toBe(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

async function killDuringLoad(target: string): Promise<void> {
  const first = await startServer(target, CLIENTS);
  const traffic = load(first);
  await new Promise((r) => setTimeout(r, LOAD_MS));
  first.child.kill('SIGKILL');
  await exited(first.child);
  await traffic.stop();
  expect(traffic.acked.positions.size).toBeGreaterThan(5);
  expect([...traffic.acked.positions.values()]).toContain('closed');
  expect(traffic.acked.contracts.size).toBeGreaterThan(5);

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

describe('futures and seconds contracts killed during a load', () => {
  it('lose nothing acknowledged on PGlite', () => onPgliteFolder(killDuringLoad), 120_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'lose nothing acknowledged on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killDuringLoad),
    120_000,
  );
});
