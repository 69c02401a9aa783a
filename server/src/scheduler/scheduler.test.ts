import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like, sql } from 'drizzle-orm';
import { settings } from '../db/schema/index';
import type { Database } from '../db/client';
import { testDatabases } from '../testing/databases';
import { createTestApp } from '../testing/app';
import { DAY, HOUR, MINUTE, testClock } from '../testing/clock';
import { vacuumJob } from './vacuum';
import { Scheduler, type Job } from './index';

/** A job whose work is a settings row per period: a period that ran twice would be a second row. */
const countingJob = (name: string, every: Job['every'], catchUp?: Job['catchUp']): Job => ({
  name,
  every,
  ...(catchUp ? { catchUp } : {}),
  run: async (tx, period) => {
    await tx.insert(settings).values({ key: `${name}@${period.start.toISOString()}`, value: '1', public: false });
  },
});

/** A hand-run scheduler that records the name of every job whose work failed. */
function reportingScheduler(database: Database, now: () => Date, errors: string[]): Scheduler {
  return new Scheduler({ db: database.db, now, manual: true, onError: (_e, job) => errors.push(job) });
}

async function runsOf(database: Database, name: string): Promise<string[]> {
  const rows = await database.db
    .select({ key: settings.key })
    .from(settings)
    .where(like(settings.key, `${name}@%`))
    .orderBy(settings.key);
  return rows.map((r) => r.key.slice(name.length + 1));
}

for (const tdb of testDatabases()) {
  describe(`scheduler [${tdb.name}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await tdb.open();
    });
    afterAll(async () => {
      await database.close();
    });

    it('runs a daily job once per day, and after a restart makes up each missed day once', async () => {
      const clock = testClock(new Date('2026-04-10T08:00:00Z'));
      const first = new Scheduler({ db: database.db, now: clock.now, manual: true });
      first.register(countingJob('daily', 'day', 'each'));
      expect(await first.runDue()).toBe(1);
      expect(await first.runDue()).toBe(0);
      clock.advance(HOUR);
      expect(await first.runDue()).toBe(0);
      await first.stop();

      // Down for three days: a new process (a restart) pays each missed day exactly once.
      clock.advance(3 * DAY);
      const restarted = new Scheduler({ db: database.db, now: clock.now, manual: true });
      restarted.register(countingJob('daily', 'day', 'each'));
      expect(await restarted.runDue()).toBe(3);
      expect(await restarted.runDue()).toBe(0);
      expect(await runsOf(database, 'daily')).toEqual([
        '2026-04-09T00:00:00.000Z',
        '2026-04-10T00:00:00.000Z',
        '2026-04-11T00:00:00.000Z',
        '2026-04-12T00:00:00.000Z',
      ]);
      await restarted.stop();
    });

    it('a sweep (catch-up latest) runs only the most recent period after downtime', async () => {
      const clock = testClock(new Date('2026-04-10T08:00:30Z'));
      const s = new Scheduler({ db: database.db, now: clock.now, manual: true });
      s.register(countingJob('sweep', 'minute'));
      await s.runDue();
      clock.advance(90 * MINUTE);
      expect(await s.runDue()).toBe(1);
      expect(await runsOf(database, 'sweep')).toEqual(['2026-04-10T07:59:00.000Z', '2026-04-10T09:29:00.000Z']);
      await s.stop();
    });

    it('a failing period leaves no trace and runs again on the next pass', async () => {
      const clock = testClock(new Date('2026-04-10T08:00:00Z'));
      let fail = true;
      const errors: string[] = [];
      const s = reportingScheduler(database, clock.now, errors);
      s.register({
        name: 'flaky',
        every: 'hour',
        run: async (tx, period) => {
          await tx.insert(settings).values({ key: `flaky@${period.start.toISOString()}`, value: '1', public: false });
          if (fail) throw new Error('down');
        },
      });
      expect(await s.runDue()).toBe(0);
      expect(errors).toEqual(['flaky']);
      expect(await runsOf(database, 'flaky')).toEqual([]);
      fail = false;
      expect(await s.runDue()).toBe(1);
      expect(await runsOf(database, 'flaky')).toEqual(['2026-04-10T07:00:00.000Z']);
      await s.stop();
    });

    it('two schedulers on one database run each period once, concurrently', async () => {
      const clock = testClock(new Date('2026-05-01T00:00:10Z'));
      const a = new Scheduler({ db: database.db, now: clock.now, manual: true });
      const b = new Scheduler({ db: database.db, now: clock.now, manual: true });
      a.register(countingJob('shared', 'minute', 'each'));
      b.register(countingJob('shared', 'minute', 'each'));
      let total = 0;
      for (let i = 0; i < 20; i++) {
        clock.advance(MINUTE);
        const [x, y] = await Promise.all([a.runDue(), b.runDue()]);
        total += x + y;
      }
      // A pass that found the job busy leaves its period to the next pass of either scheduler.
      total += (await a.runDue()) + (await b.runDue());
      // Twenty minutes have finished since the first pass: 00:00 through 00:19, each once.
      const runs = await runsOf(database, 'shared');
      expect(runs).toHaveLength(20);
      expect(new Set(runs).size).toBe(20);
      expect(runs[0]).toBe('2026-05-01T00:00:00.000Z');
      expect(runs[19]).toBe('2026-05-01T00:19:00.000Z');
      expect(total).toBe(20);
      await Promise.all([a.stop(), b.stop()]);
    });

    it('prunes old records of a frequent job and keeps its latest', async () => {
      const clock = testClock(new Date('2026-06-01T00:00:00Z'));
      const s = new Scheduler({ db: database.db, now: clock.now, manual: true });
      s.register({ name: 'often', every: 'minute', run: async () => undefined });
      for (let i = 0; i < 130; i++) {
        clock.advance(MINUTE);
        await s.runDue();
      }
      const [row] = (
        (await database.db.execute(
          sql`select count(*)::int as n, max(period_start) as last from scheduled_runs where job = 'often'`,
        )) as unknown as { rows: { n: number; last: unknown }[] }
      ).rows;
      expect(row?.n).toBeLessThanOrEqual(101);
      expect(new Date(String(row?.last)).toISOString()).toBe('2026-06-01T02:09:00.000Z');
      await s.stop();
    });

    it('the app starts its scheduler when ready: jobs registered by modules run without a call', async () => {
      const testApp = await createTestApp(database, { scheduler: { manual: false, tickMs: 20 } });
      try {
        testApp.clock.set(new Date('2026-08-01T10:00:00Z'));
        testApp.app.ctx.scheduler.register(countingJob('at-start', 'hour'));
        await testApp.app.ready();
        await expect.poll(() => runsOf(database, 'at-start'), { timeout: 5000 }).toEqual(['2026-08-01T09:00:00.000Z']);
      } finally {
        await testApp.close();
      }
    });

    it('runs work that may not be in a transaction after the period commits, once; a failure there is reported, not retried', async () => {
      const clock = testClock(new Date('2026-09-01T08:00:00Z'));
      const errors: string[] = [];
      const after: string[] = [];
      let fail = false;
      const s = reportingScheduler(database, clock.now, errors);
      s.register({
        ...countingJob('maintained', 'hour'),
        after: async (db, period) => {
          // VACUUM refuses to run inside a transaction block.
          await db.execute(sql`VACUUM scheduled_runs`);
          after.push(period.start.toISOString());
          if (fail) throw new Error('maintenance failed');
        },
      });
      expect(await s.runDue()).toBe(1);
      expect(await s.runDue()).toBe(0);
      expect(after).toEqual(['2026-09-01T07:00:00.000Z']);
      fail = true;
      clock.advance(HOUR);
      expect(await s.runDue()).toBe(1);
      expect(errors).toEqual(['maintained']);
      expect(await s.runDue()).toBe(0);
      expect(after).toEqual(['2026-09-01T07:00:00.000Z', '2026-09-01T08:00:00.000Z']);
      expect(await runsOf(database, 'maintained')).toEqual(['2026-09-01T07:00:00.000Z', '2026-09-01T08:00:00.000Z']);
      await s.stop();
    });

    it('the vacuum job vacuums the database after its period commits', async () => {
      const clock = testClock(new Date('2026-10-01T10:00:30Z'));
      const s = new Scheduler({ db: database.db, now: clock.now, manual: true });
      s.register(vacuumJob);
      expect(await s.runDue()).toBe(1);
      const [stat] = (
        (await database.db.execute(
          sql`SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 'micro_orders'`,
        )) as unknown as { rows: { vacuumed: boolean }[] }
      ).rows;
      expect(stat?.vacuumed).toBe(true);
      await s.stop();
    });

    it('runs only the jobs it is told to, and refuses to run when one of them is not registered', async () => {
      const clock = testClock(new Date('2026-11-01T10:00:30Z'));
      const s = new Scheduler({ db: database.db, now: clock.now, manual: true, jobs: ['chosen'] });
      s.register(countingJob('chosen', 'hour', 'each'));
      s.register(countingJob('other', 'hour', 'each'));
      expect(await s.runDue()).toBe(1);
      clock.advance(3 * HOUR);
      expect(await s.runDue()).toBe(3);
      expect(await runsOf(database, 'chosen')).toHaveLength(4);
      expect(await runsOf(database, 'other')).toEqual([]);
      await s.stop();

      const misspelt = new Scheduler({ db: database.db, now: clock.now, manual: true, jobs: ['chosen', 'chosn'] });
      misspelt.register(countingJob('chosen', 'hour', 'each'));
      await expect(misspelt.runDue()).rejects.toThrow('jobs chosn are not registered');
      await misspelt.stop();
    });

    it('refuses a job registered twice', () => {
      const s = new Scheduler({ db: database.db, now: () => new Date(), manual: true });
      s.register(countingJob('once', 'day'));
      expect(() => s.register(countingJob('once', 'day'))).toThrow(/twice/);
    });
  });
}
