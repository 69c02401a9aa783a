import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as recurring from '@contract/recurring';
import { notices, recurringRuns } from '../../db/schema/index';
import { inTransaction } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { recurringDeps } from '../../testing/recurring';
import { describeTwoApps } from '../../testing/two-apps';
import { callWithKey, okOf } from '../../testing/wallet';
import { RECURRING_JOB_NAMES } from './jobs';
import { claimDue, runPending } from './service';

/**
 * Two apps on one database stand for two server processes: a plan created through A is run by
 * B's scheduler, which finds due plans in the database; two passes at once (two schedulers, or
 * two claims and placements past the scheduler's lock) run a period once (the claim's conditional
 * update, the run unique per plan and period, the order's key, the outcome's conditional update).
 */
let era = 0;
const ERA_START = Date.UTC(2035, 0, 1);
const DAILY = { currency_id: 1, legal_id: 3, amount: '100', period: 'daily', hour: 2, max_slippage: '1' };

describeTwoApps(
  'recurring buys across two processes',
  ({ a, b, database }) => {
    /** A daily plan at 02:00 UTC, created at 00:30 through A; returns its first run's time. */
    const planned = async () => {
      era += 1;
      const start = ERA_START + era * 60 * DAY + 30 * MINUTE;
      a().clock.set(new Date(start));
      const u = await registerUser(a());
      const res = await callWithKey(
        a(),
        recurring.recurringCreate,
        { lang: 'en', ...DAILY },
        { token: u.token, key: randomUUID() },
      );
      const plan = okOf(recurring.recurringCreate, res.body);
      return { plan, userId: u.user.id, due: start - 30 * MINUTE + 2 * HOUR };
    };
    const ranOnce = async (planId: number, userId: number) => {
      const runs = await database().db.select().from(recurringRuns).where(eq(recurringRuns.planId, planId));
      expect(runs).toHaveLength(1);
      // Without a price the run is skipped, and that outcome is recorded and told once.
      expect(runs[0]!.status).not.toBe('pending');
      const told = await database()
        .db.select()
        .from(notices)
        .where(and(eq(notices.userId, userId), eq(notices.type, 'trade.recurring')));
      expect(told).toHaveLength(1);
    };

    it('a plan created through A is run by B’s scheduler', async () => {
      const { plan, userId, due } = await planned();
      a().clock.set(new Date(due + MINUTE));
      await b().app.ctx.scheduler.runDue();
      await ranOnce(plan.id, userId);
    });

    it('two schedulers, and two claims and placements past the scheduler’s lock, run a period once', async () => {
      const { plan, userId, due } = await planned();
      const at = new Date(due + MINUTE);
      a().clock.set(at);
      await Promise.all([
        a().app.ctx.scheduler.runDue(),
        b().app.ctx.scheduler.runDue(),
        inTransaction(a().app.ctx.db, (tx) => claimDue(tx, at)),
        inTransaction(b().app.ctx.db, (tx) => claimDue(tx, at)),
      ]);
      await Promise.all([runPending(recurringDeps(a())), runPending(recurringDeps(b()))]);
      await ranOnce(plan.id, userId);
    });
  },
  () => ({ scheduler: { jobs: [...RECURRING_JOB_NAMES] } }),
);
