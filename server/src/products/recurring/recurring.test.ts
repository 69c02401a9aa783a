import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as recurring from '@contract/recurring';
import * as trade from '@contract/trade';
import { notices, recurringPlans } from '../../db/schema/index';
import { balanceOf, checkInvariants, inTransaction } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { recurringDeps } from '../../testing/recurring';
import { describeEachDatabase } from '../../testing/suite';
import { fundChange, makerHandle, pushFeed, tick } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';
import { RECURRING_JOB_NAMES } from './jobs';
import { claimDue, runPending } from './service';

let feed = pushFeed();
let maker = makerHandle();
const MAKER = { enabled: true, spreadBps: 20, levels: 3, levelValue: 1000, maxInventory: 50_000 };
const BTC = { currency_id: 1, legal_id: 3 };
const error = (message: unknown) => ({ type: 'error', message });

/**
 * Tests of a file share a database and so the scheduler's record: each test starts its clock on
 * a span of days of its own, later than the previous test's, so no job sees time go backwards.
 */
let era = 0;
const ERA_START = Date.UTC(2032, 0, 1);
function ownDays(t: TestApp): number {
  era += 1;
  const start = ERA_START + era * 60 * DAY + 30 * MINUTE;
  t.clock.set(new Date(start));
  return start;
}

const create = (t: TestApp, token: string, body: Record<string, unknown>, key = randomUUID()) =>
  callWithKey(t, recurring.recurringCreate, { lang: 'en', ...body }, { token, key });
const daily = { ...BTC, amount: '100', period: 'daily', hour: 2, max_slippage: '1' };
const list = async (t: TestApp, token: string) =>
  okOf(recurring.recurringList, (await t.call(recurring.recurringList, {}, { token })).body);
const detail = async (t: TestApp, token: string, id: number) =>
  okOf(recurring.recurringDetail, (await t.call(recurring.recurringDetail, { id, limit: 100 }, { token })).body);

/** At `at`, the feed trades BTC at 100000, the maker quotes around it, and the job's pass runs. */
async function runAt(t: TestApp, at: number) {
  t.clock.set(new Date(at));
  await tick(t, feed, 'BTC/USDT', '100000');
  await maker.get().step();
  await t.app.ctx.scheduler.runDue();
}

const btcOf = (t: TestApp, userId: number) => balanceOf(t.app.ctx.db, userId, 1, 'change');
const recurringNotices = (t: TestApp, userId: number) =>
  t.app.ctx.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, userId), eq(notices.type, 'trade.recurring')));

describeEachDatabase(
  'recurring buys',
  ({ app, database }) => {
    it('creates, lists, pauses, resumes and deletes plans; refuses bad input and other users', async () => {
      const t = app();
      const start = ownDays(t);
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const key = randomUUID();
      const plan = okOf(recurring.recurringCreate, (await create(t, alice.token, daily, key)).body);
      // Created at 00:30 UTC: the first run is today at 02:00 UTC.
      expect(plan).toMatchObject({
        symbol: 'BTC/USDT',
        amount: '100',
        period: 'daily',
        hour: 2,
        status: 'active',
        next_run_at: start - 30 * MINUTE + 2 * HOUR,
        average_cost: null,
      });
      // The same key and body answer the same plan.
      expect(okOf(recurring.recurringCreate, (await create(t, alice.token, daily, key)).body).id).toBe(plan.id);
      const weekly = okOf(
        recurring.recurringCreate,
        (await create(t, alice.token, { ...daily, period: 'weekly', weekday: 1, hour: 23 })).body,
      );
      expect(new Date(weekly.next_run_at!).getUTCDay()).toBe(1);
      const monthly = okOf(
        recurring.recurringCreate,
        (await create(t, alice.token, { ...daily, period: 'monthly', month_day: 28, hour: 0 })).body,
      );
      expect(new Date(monthly.next_run_at!).getUTCDate()).toBe(28);
      expect((await list(t, alice.token)).map((p) => p.id)).toEqual([monthly.id, weekly.id, plan.id]);
      expect(await list(t, bob.token)).toEqual([]);

      // Bad input, each with the field it is about.
      const refused = async (body: Record<string, unknown>) => (await create(t, alice.token, body)).body;
      expect(await refused({ ...daily, period: 'weekly' })).toEqual(error('Weekday is required'));
      expect(await refused({ ...daily, period: 'monthly', month_day: 29 })).toEqual(
        error('Day of the month is invalid'),
      );
      expect(await refused({ ...daily, month_day: 3 })).toEqual(error('Day of the month is invalid'));
      expect(await refused({ ...daily, period: 'yearly' })).toEqual(error('Period is invalid'));
      expect(await refused({ ...daily, hour: 24 })).toEqual(error('Hour is invalid'));
      expect(await refused({ ...daily, amount: '4.99' })).toEqual(error('Amount is below the minimum of 5'));
      expect(await refused({ ...daily, amount: '100001' })).toEqual(
        error('The order value is above the maximum of 100000 USDT'),
      );
      expect(await refused({ ...daily, max_slippage: '60' })).toEqual(
        error('The slippage limit must be above 0% and at most 50%'),
      );
      expect(await refused({ ...daily, currency_id: 101, legal_id: 50 })).toEqual(
        error('This trading pair does not exist'),
      );

      // Another user's id answers exactly like a missing one.
      const notFound = error('The record does not exist');
      for (const endpoint of [recurring.recurringPause, recurring.recurringResume, recurring.recurringDelete]) {
        expect((await t.call(endpoint, { id: plan.id, lang: 'en' }, { token: bob.token })).body).toEqual(notFound);
        expect((await t.call(endpoint, { id: 2_000_000_000, lang: 'en' }, { token: alice.token })).body).toEqual(
          notFound,
        );
      }
      expect((await t.call(recurring.recurringDetail, { id: plan.id, lang: 'en' }, { token: bob.token })).body).toEqual(
        notFound,
      );

      const paused = okOf(
        recurring.recurringPause,
        (await t.call(recurring.recurringPause, { id: plan.id }, { token: alice.token })).body,
      );
      expect(paused).toMatchObject({ status: 'paused', next_run_at: null });
      // Resumed two days later: the next run is the next 02:00 after now, none made up.
      t.clock.advance(2 * DAY);
      const resumed = okOf(
        recurring.recurringResume,
        (await t.call(recurring.recurringResume, { id: plan.id }, { token: alice.token })).body,
      );
      expect(resumed).toMatchObject({ status: 'active', next_run_at: start - 30 * MINUTE + 2 * DAY + 2 * HOUR });
      await t.call(recurring.recurringDelete, { id: plan.id }, { token: alice.token });
      expect((await list(t, alice.token)).map((p) => p.id)).toEqual([monthly.id, weekly.id]);
      expect(
        (await t.call(recurring.recurringDetail, { id: plan.id, lang: 'en' }, { token: alice.token })).body,
      ).toEqual(notFound);
    });

    it('keeps a burst of creations within the plan cap', async () => {
      const t = app();
      ownDays(t);
      const carol = await registerUser(t);
      const replies = await Promise.all(
        Array.from({ length: recurring.MAX_PLANS + 5 }, () => create(t, carol.token, daily)),
      );
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(recurring.MAX_PLANS);
      expect(replies.filter((r) => r.body.type !== 'ok').map((r) => r.body)).toEqual(
        Array.from({ length: 5 }, () =>
          error('You can have at most 20 recurring buy plans; delete one to add another'),
        ),
      );
      expect(await list(t, carol.token)).toHaveLength(recurring.MAX_PLANS);
    });

    it('keeps a plan consistent under a burst of pauses and resumes', async () => {
      const t = app();
      ownDays(t);
      const gina = await registerUser(t);
      const plan = okOf(recurring.recurringCreate, (await create(t, gina.token, daily)).body);
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.call(
            i % 2 === 0 ? recurring.recurringPause : recurring.recurringResume,
            { id: plan.id },
            { token: gina.token },
          ),
        ),
      );
      expect(replies.every((r) => r.body.type === 'ok')).toBe(true);
      const [row] = await t.app.ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, plan.id));
      // Paused has no next run; active has the next 02:00 after now.
      if (row?.status === 'paused') expect(row.nextRunAt).toBeNull();
      else expect(row?.nextRunAt?.getTime()).toBe(plan.next_run_at);
    });

    it('buys a due period exactly once under parallel job runs, with its history and average cost', async () => {
      const t = app();
      const start = ownDays(t);
      const dave = await registerUser(t);
      await fundChange(t, dave.token);
      const plan = okOf(recurring.recurringCreate, (await create(t, dave.token, daily)).body);
      const before = await btcOf(t, dave.user.id);
      const due = start - 30 * MINUTE + 2 * HOUR;
      t.clock.set(new Date(due + MINUTE));
      await tick(t, feed, 'BTC/USDT', '100000');
      await maker.get().step();
      // The scheduler's pass, two more claims and two more placements of pending runs at once.
      const deps = recurringDeps(t);
      const now = t.clock.now();
      await Promise.all([
        t.app.ctx.scheduler.runDue(),
        inTransaction(t.app.ctx.db, (tx) => claimDue(tx, now)),
        inTransaction(t.app.ctx.db, (tx) => claimDue(tx, now)),
        runPending(deps),
        runPending(deps),
      ]);
      await runPending(deps);
      await runAt(t, due + 5 * MINUTE);

      const seen = await detail(t, dave.token, plan.id);
      expect(seen.runs.data).toHaveLength(1);
      const [run] = seen.runs.data;
      expect(run).toMatchObject({ period_at: due, status: 'done', reason: null, spent: expect.any(String) });
      expect(Number(run!.spent)).toBeGreaterThan(99.9);
      expect(Number(run!.spent)).toBeLessThanOrEqual(100);
      // The maker's best ask is 0.1 % above the feed price.
      expect(Number(run!.price)).toBeGreaterThanOrEqual(100000);
      expect(Number(run!.price)).toBeLessThan(100200);
      expect(seen.plan).toMatchObject({
        runs_done: 1,
        runs_skipped: 0,
        total_spent: run!.spent,
        total_got: run!.got,
        average_cost: run!.price,
        next_run_at: due + DAY,
      });
      const after = await btcOf(t, dave.user.id);
      expect(Number(after.available) - Number(before.available)).toBeCloseTo(Number(run!.got), 8);
      const orders = okOf(
        trade.orderList,
        (await t.call(trade.orderList, { ...BTC, state: 'complete' }, { token: dave.token })).body,
      );
      expect(orders.total).toBe(1);
      expect(await recurringNotices(t, dave.user.id)).toHaveLength(1);

      // The next day's run adds to the totals; the average cost is total spent / total got.
      await runAt(t, due + DAY + MINUTE);
      const two = await detail(t, dave.token, plan.id);
      expect(two.runs.data.map((r) => r.status)).toEqual(['done', 'done']);
      const spent = two.runs.data.reduce((s, r) => s + Number(r.spent), 0);
      const got = two.runs.data.reduce((s, r) => s + Number(r.got), 0);
      expect(Number(two.plan.average_cost)).toBeCloseTo(spent / got, 4);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('records a buy whose order committed before its process stopped once, with that order', async () => {
      const t = app();
      const start = ownDays(t);
      const erin = await registerUser(t);
      await fundChange(t, erin.token);
      const plan = okOf(recurring.recurringCreate, (await create(t, erin.token, daily)).body);
      const due = start - 30 * MINUTE + 2 * HOUR;
      t.clock.set(new Date(due + MINUTE));
      await tick(t, feed, 'BTC/USDT', '100000');
      await maker.get().step();
      await inTransaction(t.app.ctx.db, (tx) => claimDue(tx, t.clock.now()));
      // Erin's order commits, then the process is gone before the run's outcome is written: the
      // pass sees a fault and leaves the run pending, as a restart finds it. (Plans of the other
      // tests on this database come due too and are bought as usual.)
      const deps = recurringDeps(t);
      const faults: unknown[] = [];
      const crashing = {
        ...deps,
        onError: (err: unknown) => faults.push(err),
        buy: async (...args: Parameters<typeof deps.buy>) => {
          const order = await deps.buy(...args);
          if (args[0].owner !== erin.user.id) return order;
          throw new Error('the process stopped after the order committed');
        },
      };
      await runPending(crashing);
      expect(faults).toHaveLength(1);
      expect((await detail(t, erin.token, plan.id)).runs.data).toMatchObject([{ status: 'pending' }]);

      // The next pass sends the same key: the stored order answers, nothing is bought again.
      await runPending(deps);
      await runPending(deps);
      const seen = await detail(t, erin.token, plan.id);
      expect(seen.runs.data).toMatchObject([{ period_at: due, status: 'done' }]);
      const orders = okOf(
        trade.orderList,
        (await t.call(trade.orderList, { ...BTC, state: 'complete' }, { token: erin.token })).body,
      );
      expect(orders.total).toBe(1);
      expect(await recurringNotices(t, erin.user.id)).toHaveLength(1);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('makes up a long downtime with one run, then keeps the schedule', async () => {
      const t = app();
      const start = ownDays(t);
      const erin = await registerUser(t);
      await fundChange(t, erin.token);
      const plan = okOf(recurring.recurringCreate, (await create(t, erin.token, daily)).body);
      const first = start - 30 * MINUTE + 2 * HOUR;
      // Ten days later at 05:00: ten periods passed, one run for the latest (today 02:00).
      const back = first + 10 * DAY + 3 * HOUR;
      await runAt(t, back);
      await runAt(t, back + MINUTE);
      const seen = await detail(t, erin.token, plan.id);
      expect(seen.runs.data.map((r) => [r.period_at, r.status])).toEqual([[first + 10 * DAY, 'done']]);
      expect(seen.plan.next_run_at).toBe(first + 11 * DAY);
      await runAt(t, first + 11 * DAY + MINUTE);
      expect((await detail(t, erin.token, plan.id)).runs.data.map((r) => r.period_at)).toEqual([
        first + 11 * DAY,
        first + 10 * DAY,
      ]);
    });

    it('skips and notifies a period without funds, and one the slippage limit refuses', async () => {
      const t = app();
      const start = ownDays(t);
      const frank = await registerUser(t);
      // Nothing in the exchange account yet.
      const poor = okOf(recurring.recurringCreate, (await create(t, frank.token, daily)).body);
      const due = start - 30 * MINUTE + 2 * HOUR;
      await runAt(t, due + MINUTE);
      const skipped = await detail(t, frank.token, poor.id);
      expect(skipped.runs.data).toEqual([
        expect.objectContaining({ status: 'skipped', reason: 'insufficient_balance', spent: null, got: null }),
      ]);
      const [notice] = await recurringNotices(t, frank.user.id);
      expect(notice?.event).toMatchObject({ result: 'skipped', reason: 'insufficient_balance', plan_id: poor.id });
      await t.call(recurring.recurringDelete, { id: poor.id }, { token: frank.token });

      // Funded, but the maker's asks are 0.1 % above the price and the limit is 0.01 %.
      await fundChange(t, frank.token);
      const tight = okOf(
        recurring.recurringCreate,
        (await create(t, frank.token, { ...daily, max_slippage: '0.01' })).body,
      );
      await runAt(t, due + DAY + MINUTE);
      expect((await detail(t, frank.token, tight.id)).runs.data).toEqual([
        expect.objectContaining({ status: 'skipped', reason: 'slippage_exceeded' }),
      ]);
      const usdt = await balanceOf(t.app.ctx.db, frank.user.id, 3, 'change');
      expect(usdt).toMatchObject({ available: '5000', held: '0' });
      expect((await recurringNotices(t, frank.user.id)).map((n) => (n.event as { reason: string }).reason)).toEqual([
        'insufficient_balance',
        'slippage_exceeded',
      ]);
      // A paused plan is not claimed.
      await t.call(recurring.recurringPause, { id: tight.id }, { token: frank.token });
      await runAt(t, due + 2 * DAY + MINUTE);
      expect((await detail(t, frank.token, tight.id)).runs.total).toBe(1);
      const [row] = await t.app.ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, tight.id));
      expect(row?.nextRunAt).toBeNull();
    });
  },
  () => {
    feed = pushFeed();
    maker = makerHandle();
    return {
      market: { manual: true, feed },
      config: { maker: MAKER },
      maker: { manual: true, ready: maker.ready },
      scheduler: { jobs: [...RECURRING_JOB_NAMES] },
    };
  },
);
