import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../ledger/index';
import { onPgliteFolder, onScratchPostgres, openAfterKill, runUntil } from '../../testing/kill-support';
import { benchProduct, bulkLockOrders, interestRecord } from '../../testing/lockming';

/**
 * `kill -9` of a process in the middle of the daily interest job, after the job has written the
 * payments of every chunk and before the scheduler's transaction commits: on restart each order is
 * paid each day exactly once, none is skipped, and the ledger's invariants hold. Then the same
 * during a catch-up of two missed days. On a PGlite folder and, with DATABASE_URL, on PostgreSQL.
 */

const SCRIPT = fileURLToPath(new URL('../../testing/job-process.ts', import.meta.url));
const DAY = 86_400_000;
/** More than one chunk of the job (2,000 orders each). */
const ORDERS = 2500;
const D = Math.floor(Date.UTC(2033, 2, 1) / DAY);

/** Runs one scheduler pass in a child process; with `pause` it is killed once the job's work is written. */
async function pass(target: string, now: number, pause: boolean): Promise<void> {
  const env = { PRODUCT: 'lockming', TARGET: target, NOW: String(now), PAUSE: pause ? 'lock.daily_interest' : '' };
  await runUntil(SCRIPT, env, pause ? 'paid' : 'done', pause);
}

async function record(target: string, ids: number[], through: number) {
  const database = await openAfterKill(target);
  try {
    return {
      ...(await interestRecord(database.db, ids, through)),
      invariants: (await checkInvariants(database.db)).problems,
    };
  } finally {
    await database.close();
  }
}

async function killMidJob(target: string): Promise<void> {
  const placed = new Date((D - 2) * DAY + 12 * 3_600_000);
  const database = await openAfterKill(target);
  let ids: number[];
  try {
    await database.migrate();
    const product = await benchProduct(database.db, 5, placed, D - 2, D + 6);
    ids = await bulkLockOrders(database.db, product, ORDERS, '1000', placed);
  } finally {
    await database.close();
  }
  const none = { payments: 0, most: 0, behind: 0, invariants: [] };

  // Day D-1's run killed before its commit: nothing of it is stored; the restart pays it once.
  await pass(target, D * DAY + 60_000, true);
  expect(await record(target, ids, D - 2)).toEqual(none);
  await pass(target, D * DAY + 60_000, false);
  expect(await record(target, ids, D - 1)).toEqual({ payments: ORDERS, most: 1, behind: 0, invariants: [] });

  // Down over days D and D+1; the catch-up killed in day D's run, then run to the end.
  await pass(target, (D + 2) * DAY + 60_000, true);
  expect(await record(target, ids, D - 1)).toEqual({ payments: ORDERS, most: 1, behind: 0, invariants: [] });
  await pass(target, (D + 2) * DAY + 60_000, false);
  expect(await record(target, ids, D + 1)).toEqual({ payments: 3 * ORDERS, most: 1, behind: 0, invariants: [] });
  // Another pass of the same time pays nothing more.
  await pass(target, (D + 2) * DAY + 120_000, false);
  expect(await record(target, ids, D + 1)).toEqual({ payments: 3 * ORDERS, most: 1, behind: 0, invariants: [] });
}

describe('lock mining daily interest killed mid-job', () => {
  it('pays each order once a day after a restart on PGlite', () => onPgliteFolder(killMidJob), 600_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'pays each order once a day after a restart on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killMidJob),
    600_000,
  );
});
