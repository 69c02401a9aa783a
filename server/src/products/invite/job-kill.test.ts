import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { checkInvariants, inTransaction, post, systemAccount, systemBalance, userAccount } from '../../ledger/index';
import { onPgliteFolder, onScratchPostgres, openAfterKill, runUntil } from '../../testing/kill-support';

/**
 * `kill -9` of a process in the middle of the hourly rebate payout, after the job has written
 * every rebate of the hour and before the scheduler's transaction commits: nothing of it is
 * stored, the ledger's invariants hold, and the restart pays each rebate exactly once; a further
 * pass pays nothing more. On a PGlite folder and, with DATABASE_URL, on PostgreSQL.
 */

const SCRIPT = fileURLToPath(new URL('../../testing/job-process.ts', import.meta.url));
const HOUR = 3_600_000;
const USDT = 3;
const H = Date.UTC(2035, 5, 1, 10);
const REFERRERS = 30;
const FIRST = 300;
const SECOND = 100;

async function pass(target: string, now: number, pause: boolean): Promise<void> {
  const env = { PRODUCT: 'invite', TARGET: target, NOW: String(now), PAUSE: pause ? 'invite.rebates' : '' };
  await runUntil(SCRIPT, env, pause ? 'paid' : 'done', pause);
}

/** `n` new users whose referrer is `parents[i % parents.length]` (or nobody). */
async function users(db: Db, n: number, parents: number[]): Promise<number[]> {
  const tag = randomBytes(3).toString('hex');
  const parentArray = `{${parents.join(',')}}`;
  const res = (await db.execute(sql`INSERT INTO users (account_number, email, password_hash, nickname, invitation_code,
      parent_id, created_at, updated_at)
    SELECT 'r' || ${tag} || g, 'r' || ${tag} || g || '@example.com', 'x', 'r' || g, 'R' || upper(${tag}) || g,
      CASE WHEN ${parents.length}::int = 0 THEN NULL
        ELSE (${parentArray}::int[])[1 + (g % greatest(${parents.length}::int, 1))] END,
      now(), now()
    FROM generate_series(1, ${n}::int) g ORDER BY g RETURNING id`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => Number(r.id));
}

/** Each payer gets 1 USDT of demo funds and pays it as a futures close fee at `at`. */
async function payFees(db: Db, payers: number[], at: Date) {
  await inTransaction(db, async (tx) => {
    await post(tx, {
      kind: 'demo_credit',
      userId: null,
      at,
      entries: [
        { account: systemAccount('demo_faucet', USDT), amount: String(-payers.length) },
        ...payers.map((u) => ({ account: userAccount(u, USDT, 'legal'), amount: '1' })),
      ],
    });
    for (const u of payers) {
      await post(tx, {
        kind: 'lever_close',
        userId: u,
        at,
        entries: [
          { account: userAccount(u, USDT, 'legal'), amount: '-1' },
          { account: systemAccount('fees', USDT), amount: '1' },
        ],
      });
    }
  });
}

async function record(target: string) {
  const database = await openAfterKill(target);
  try {
    const res = (await database.db.execute(
      sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS paid,
        count(DISTINCT (user_id, referee_id, generation))::int AS distinct_n,
        (SELECT count(*)::int FROM ledger_transactions WHERE kind = 'invite_rebate') AS txs
        FROM invite_rebates`,
    )) as unknown as { rows: { n: number; paid: string; distinct_n: number; txs: number }[] };
    const fees = await systemBalance(database.db, 'fees', USDT);
    return {
      ...res.rows[0]!,
      paid: Number(res.rows[0]!.paid),
      fees: Number(fees.available),
      invariants: (await checkInvariants(database.db)).problems,
    };
  } finally {
    await database.close();
  }
}

async function killMidJob(target: string): Promise<void> {
  const database = await openAfterKill(target);
  try {
    await database.migrate();
    const referrers = await users(database.db, REFERRERS, []);
    const first = await users(database.db, FIRST, referrers);
    const second = await users(database.db, SECOND, first);
    await payFees(database.db, [...first, ...second], new Date(H + 20 * 60_000));
  } finally {
    await database.close();
  }
  const payers = FIRST + SECOND;
  const none = { n: 0, paid: 0, distinct_n: 0, txs: 0, fees: payers, invariants: [] };
  // 1st generation 20 % of each fee, 2nd generation 10 %: FIRST x 0.2 + SECOND x (0.2 + 0.1).
  const paid = FIRST * 0.2 + SECOND * 0.3;
  const all = {
    n: FIRST + 2 * SECOND,
    paid,
    distinct_n: FIRST + 2 * SECOND,
    txs: REFERRERS + Math.min(FIRST, SECOND),
    fees: payers - paid,
    invariants: [],
  };

  // The hour's payout killed before its commit: nothing of it is stored.
  await pass(target, H + HOUR + 60_000, true);
  expect(await record(target)).toEqual(none);
  // The restart pays it, once.
  await pass(target, H + HOUR + 60_000, false);
  expect(await record(target)).toEqual(all);
  // Later passes (the same time, the next hour) pay nothing more.
  await pass(target, H + HOUR + 120_000, false);
  await pass(target, H + 2 * HOUR + 60_000, false);
  expect(await record(target)).toEqual(all);
}

describe('rebate payout killed mid-job', () => {
  it('pays each rebate once after a restart on PGlite', () => onPgliteFolder(killMidJob), 600_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'pays each rebate once after a restart on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killMidJob),
    600_000,
  );
});
