import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { killDuringLoad, onBothDatabases, postForm, rowsOf, runClients } from '../../testing/kill-load';
import type { Started } from '../../testing/kill-support';
import { expectConsistentChain } from '../../testing/chain-after-kill';

/**
 * `kill -9` of the real server while clients open and close futures positions (some with a
 * trailing stop) and place seconds contracts over HTTP, then a restart: every acknowledged position
 * and contract is stored at least as far as it was acknowledged, an acknowledged trailing stop of a
 * position still open is stored with its best mark, each open position and holding contract still
 * has its hold, the ledger's invariants hold, and the settlement record's chain verifies with every
 * close recorded once, killed mid-settlement or not (`testing/chain-after-kill.ts`). On PGlite (a data folder) and on PostgreSQL when
 * DATABASE_URL is set.
 */

const CLIENTS = 8;

interface Acked {
  positions: Map<number, string>;
  contracts: Set<number>;
  /** Positions whose trailing stop was acknowledged. */
  trails: Set<number>;
}

async function load(server: Started) {
  const acked: Acked = { positions: new Map(), contracts: new Set(), trails: new Set() };
  const futures = async (token: string, running: () => boolean) => {
    const open: number[] = [];
    for (let i = 0; running(); i++) {
      if (i % 3 === 2 && open.length > 0) {
        const reply = await postForm(server, token, '/lever/close', { id: String(open.shift()) });
        if (reply.type === 'ok') acked.positions.set(reply.message.id, reply.message.status);
        continue;
      }
      const reply = await postForm(server, token, '/lever/submit', {
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
        if (i % 4 !== 0) continue;
        const id = String(reply.message.id);
        const trail = await postForm(server, token, '/lever/setstop', { id, trail_percent: '5' });
        if (trail.type === 'ok') acked.trails.add(trail.message.id);
      }
    }
  };
  const seconds = async (token: string, running: () => boolean) => {
    for (let i = 0; running(); i++) {
      const reply = await postForm(server, token, '/microtrade/submit', {
        match_id: '1',
        currency_id: '3',
        type: i % 2 === 0 ? '1' : '2',
        seconds: '30',
        number: '10',
      });
      if (reply.type === 'ok') acked.contracts.add(reply.message.id);
    }
  };
  const clients = runClients(server, CLIENTS, ({ token }, w, running) =>
    w % 2 === 0 ? futures(token, running) : seconds(token, running),
  );
  return { ...clients, acked };
}

async function verify(database: Database, { acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  expect(acked.positions.size).toBeGreaterThan(5);
  expect([...acked.positions.values()]).toContain('closed');
  expect(acked.contracts.size).toBeGreaterThan(5);
  const positions = new Map(
    (
      await rowsOf(
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
  expect(acked.trails.size).toBeGreaterThan(0);
  const trails = await rowsOf(
    database,
    sql`SELECT id, status, trail_percent, trail_best_price FROM lever_positions
      WHERE id = ANY(${sql.param([...acked.trails])}::bigint[])`,
  );
  expect(trails).toHaveLength(acked.trails.size);
  for (const r of trails.filter((r) => r.status === 'open')) {
    expect(Number(r.trail_percent), `trail of ${String(r.id)}`).toBe(5);
    expect(Number(r.trail_best_price), `best of ${String(r.id)}`).toBeGreaterThan(0);
  }
  const contracts = await rowsOf(
    database,
    sql`SELECT id FROM micro_orders WHERE id = ANY(${sql.param([...acked.contracts])}::bigint[])`,
  );
  expect(contracts.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...acked.contracts].sort((a, b) => a - b));
  // What is open still holds its funds, and what is over holds none.
  const holds = await rowsOf(
    database,
    sql`SELECT count(*) FILTER (WHERE h.status <> 'held') AS lost FROM (
        SELECT margin_hold_id AS hold_id FROM lever_positions WHERE status = 'open'
        UNION ALL SELECT hold_id FROM micro_orders WHERE status = 'holding') x
      JOIN ledger_holds h ON h.id = x.hold_id`,
  );
  expect(Number(holds[0]!.lost)).toBe(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
  // Closes acknowledged (and those cut off by the kill) each left one record, or none at all.
  expect(await expectConsistentChain(database)).toBeGreaterThan(0);
}

describe('futures and seconds contracts killed during a load', () => {
  onBothDatabases(
    'lose nothing acknowledged',
    (target) => killDuringLoad(target, { users: CLIENTS, load, verify }),
    120_000,
  );
});
