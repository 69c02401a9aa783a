import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { proofSnapshots } from '../../db/schema/index';
import { inTransaction } from '../../ledger/index';
import { appendRecords } from '../../settlement-record/index';
import { DAY, MINUTE } from '../../testing/clock';
import { describeTwoApps } from '../../testing/two-apps';

/**
 * Two apps on one database stand for two server processes with the same scheduled jobs: each
 * minute's head is published once (the scheduler's `pg_try_advisory_xact_lock` per job and the
 * `scheduled_runs` key; the head's own key on its minute), and the day's snapshot is written once
 * even when both processes take it at the same moment (the unique day).
 */
let era = 0;
const ERA_START = Date.UTC(2036, 0, 1);

describeTwoApps(
  'scheduled jobs and proof snapshots across two processes',
  ({ a, b, database }) => {
    it('both schedulers run each minute’s head once', async () => {
      era += 1;
      const start = ERA_START + era * 10 * DAY;
      a().clock.set(new Date(start + 30_000));
      // A head names the chain's last record: the chain needs one.
      const record = { kind: 'spot_fill' as const, pair: 'BTC/USDT', at: start, ref: `test:${randomUUID()}`, data: {} };
      await inTransaction(database().db, (tx) => appendRecords(tx, [record]));
      await Promise.all([a().app.ctx.scheduler.runDue(), b().app.ctx.scheduler.runDue()]);
      for (let m = 1; m <= 5; m++) {
        a().clock.set(new Date(start + m * MINUTE + 30_000));
        await Promise.all([a().app.ctx.scheduler.runDue(), b().app.ctx.scheduler.runDue()]);
      }
      const heads = await rows<{ minute: string; n: string }>(
        database().db,
        sql`SELECT minute, count(*) AS n FROM settlement_heads
          WHERE minute > ${new Date(start).toISOString()}::timestamptz GROUP BY 1`,
      );
      const runs = await rows<{ n: string }>(
        database().db,
        sql`SELECT count(*) AS n FROM scheduled_runs WHERE job = 'record.head'
          AND period_start >= ${new Date(start).toISOString()}::timestamptz`,
      );
      // The five minutes from the start ran, each once.
      expect(Number(runs[0]!.n)).toBe(5);
      expect(heads).toHaveLength(5);
      expect(heads.every((h) => Number(h.n) === 1)).toBe(true);
    });

    it('two processes taking the day’s snapshot at once write one', async () => {
      era += 1;
      const day = Math.floor((ERA_START + era * 10 * DAY) / DAY);
      await Promise.all([a().app.proof.daily(day), b().app.proof.daily(day)]);
      expect(await database().db.select().from(proofSnapshots).where(eq(proofSnapshots.day, day))).toHaveLength(1);
    });
  },
  () => ({ scheduler: { jobs: ['record.head'] } }),
);
