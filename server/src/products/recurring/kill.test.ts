import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { checkInvariants } from '../../ledger/index';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { onPgliteFolder, onScratchPostgres, openAfterKill, runUntil } from '../../testing/kill-support';

/**
 * `kill -9` of the process placing a recurring buy, after the buy's order committed and before the
 * run's outcome is written (`testing/recurring-process.ts`): the run is left pending with one
 * order; the restart's pass sends the same key, so the stored order answers, and the run is
 * recorded done with that order and notified once; a further pass changes nothing. On a PGlite
 * folder and, with DATABASE_URL, on PostgreSQL.
 */

const SCRIPT = fileURLToPath(new URL('../../testing/recurring-process.ts', import.meta.url));
/** 00:30 UTC: the daily plan at 02:00 comes due 90 minutes later. */
const START = Date.UTC(2032, 6, 1, 0, 30);
const DUE = START - 30 * MINUTE + 2 * HOUR;

const phase = (target: string, name: string, now: number, wanted: string, kill = false) =>
  runUntil(SCRIPT, { TARGET: target, PHASE: name, NOW: String(now) }, wanted, kill);

async function state(target: string, userId: number, planId: number) {
  const database = await openAfterKill(target);
  try {
    const runs = await rows<{ status: string; order_id: number | null; spent: string | null }>(
      database.db,
      sql`SELECT status, order_id, spent::text FROM recurring_runs WHERE plan_id = ${planId} ORDER BY id`,
    );
    const orders = await rows<{ id: number }>(
      database.db,
      sql`SELECT id FROM spot_orders WHERE user_id = ${userId} ORDER BY id`,
    );
    const [notified] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM notices WHERE user_id = ${userId} AND type = 'trade.recurring'`,
    );
    return {
      runs,
      orders: orders.map((o) => Number(o.id)),
      notices: Number(notified!.n),
      invariants: (await checkInvariants(database.db)).problems,
    };
  } finally {
    await database.close();
  }
}

async function killAfterOrder(target: string): Promise<void> {
  const made = await phase(target, 'setup', START, 'done');
  const { user, plan, next } = JSON.parse(made.split('\n').find((l) => l.startsWith('{'))!) as {
    user: number;
    plan: number;
    next: number;
  };
  expect(next).toBe(DUE);

  // The buy's order committed, the run's outcome not: one order, the run still pending.
  await phase(target, 'kill', DUE + MINUTE, 'placed', true);
  const killed = await state(target, user, plan);
  expect(killed.runs).toMatchObject([{ status: 'pending', order_id: null }]);
  expect(killed.orders).toHaveLength(1);
  expect(killed.notices).toBe(0);
  expect(killed.invariants).toEqual([]);

  // The restart replays that order under the same key and records the run once.
  await phase(target, 'finish', DUE + 2 * MINUTE, 'done');
  const after = await state(target, user, plan);
  expect(after.orders).toEqual(killed.orders);
  expect(after.runs).toMatchObject([{ status: 'done', order_id: killed.orders[0] }]);
  expect(Number(after.runs[0]!.spent)).toBeGreaterThan(99);
  expect(after.notices).toBe(1);
  expect(after.invariants).toEqual([]);

  // Another pass, even a day later without a claim, finds nothing pending.
  await phase(target, 'finish', DUE + DAY - HOUR, 'done');
  expect(await state(target, user, plan)).toEqual(after);
}

describe('recurring buy killed between its order and its outcome', () => {
  it('buys once and records it after a restart on PGlite', () => onPgliteFolder(killAfterOrder), 600_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'buys once and records it after a restart on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killAfterOrder),
    600_000,
  );
});
