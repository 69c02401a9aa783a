import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as lock from '@contract/lockming';
import * as wallet from '@contract/wallet';
import { lockRates } from '../../db/schema/index';
import { balanceOf, checkInvariants, money, systemBalance } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { DAY, HOUR } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser } from '../../testing/fund';
import { callWithKey, okOf } from '../../testing/wallet';
import { dayOf } from './terms';
import { LOCK_JOB_NAMES } from './jobs';

const USDT = 3;
const error = (message: unknown) => ({ type: 'error', message });

/**
 * Tests of a file share a database and so the scheduler's record: each test moves its clock to
 * a span of days of its own, later than the previous test's, so no job sees time go backwards.
 */
let era = 0;
const ERA_START = Date.UTC(2031, 0, 1);
function ownDays(...apps: TestApp[]): number {
  era += 1;
  const start = ERA_START + era * 40 * DAY + HOUR;
  for (const a of apps) a.clock.set(new Date(start));
  return start;
}

/** Moves `usdt` of the user's demo USDT (legal account) into the change account. */
async function fundChange(t: TestApp, token: string, usdt: string) {
  const res = await callWithKey(
    t,
    wallet.walletChange,
    { currency_id: USDT, number: usdt, from_field: 'legal', to_field: 'change' },
    { token, key: randomUUID() },
  );
  if (res.body.type !== 'ok') throw new Error(JSON.stringify(res.body));
}

const products = async (t: TestApp) => okOf(lock.lockConfig, (await t.call(lock.lockConfig)).body);
/** The demo's 5-day product: 0.3 %-0.4 % a day, minimum 100, penalty 0.4 % a remaining day. */
const fiveDays = async (t: TestApp) => (await products(t)).find((p) => p.days === 5)!;

const depositReq = (t: TestApp, token: string, body: Record<string, unknown>, key = randomUUID()) =>
  callWithKey(t, lock.lockDeposit, { lang: 'en', ...body }, { token, key });
const cancelReq = (t: TestApp, token: string, id: number, key = randomUUID()) =>
  callWithKey(t, lock.lockCancel, { lang: 'en', id }, { token, key });
const orders = async (t: TestApp, token: string, status: lock.LockStatus) =>
  okOf(lock.lockOrders, (await t.call(lock.lockOrders, { status, limit: 100 }, { token })).body).data;

const change = (t: TestApp, userId: number) => balanceOf(t.app.ctx.db, userId, USDT, 'change');

/** Runs what the scheduler has due at `at`. */
async function runAt(t: TestApp, at: number) {
  t.clock.set(new Date(at));
  await t.app.ctx.scheduler.runDue();
}

/**
 * Apps that run only lock mining's jobs: the tests move the clock by days, over which every other
 * product's hourly jobs would catch up hour by hour.
 */
const lockOnly = { scheduler: { jobs: [...LOCK_JOB_NAMES] } };

describeEachDatabase(
  'lock mining',
  ({ app, database }) => {
    it('publishes the products with today and tomorrow rates, each published before its day', async () => {
      const t = app();
      const start = ownDays(t);
      await t.app.ctx.scheduler.runDue();
      const list = await products(t);
      expect(list.map((p) => [p.days, p.min_rate, p.max_rate, p.min_amount, p.penalty_rate])).toEqual([
        [5, '0.003', '0.004', '100', '0.004'],
        [15, '0.004', '0.005', '500', '0.003'],
        [30, '0.005', '0.006', '1000', '0.002'],
      ]);
      for (const p of list) {
        expect(p.tomorrow).not.toBeNull();
        expect(p.tomorrow!.day).toBe((dayOf(start) + 1) * DAY);
        expect(p.tomorrow!.published_at).toBeLessThan(p.tomorrow!.day);
        expect(Number(p.tomorrow!.rate)).toBeGreaterThanOrEqual(Number(p.min_rate));
        expect(Number(p.tomorrow!.rate)).toBeLessThanOrEqual(Number(p.max_rate));
      }
    });

    it('pays each day once after the day, through a restart, and returns the principal at the end', async () => {
      let t = app();
      const start = ownDays(t);
      await t.app.ctx.scheduler.runDue();
      const { token, user } = await registerUser(t);
      await fundChange(t, token, '10000');
      const p = await fiveDays(t);
      const order = okOf(lock.lockDeposit, (await depositReq(t, token, { config_id: p.id, amount: '10000' })).body);
      expect(order).toMatchObject({
        amount: '10000',
        days: 5,
        status: 'in_progress',
        expected_min: '150',
        expected_max: '200',
        interest: '0',
        paid_days: 0,
        remaining_days: 5,
        penalty_now: '200',
        refund_now: '9800',
      });
      expect(order.start_at).toBe((dayOf(start) + 1) * DAY);
      expect(order.end_at).toBe((dayOf(start) + 6) * DAY);
      expect(await change(t, user.id)).toEqual({ available: '0', held: '10000' });

      // Day 0 and day 1: nothing on the deposit day; day 1's interest once day 1 has ended.
      const day = (n: number) => (dayOf(start) + n) * DAY;
      await runAt(t, day(1) + HOUR);
      expect((await change(t, user.id)).available).toBe('0');
      await runAt(t, day(2) + 5_000);
      await t.app.ctx.scheduler.runDue();
      const rateOf = async (d: number) => {
        const [r] = await database()
          .db.select()
          .from(lockRates)
          .where(and(eq(lockRates.productId, p.id), eq(lockRates.day, dayOf(d))));
        return r;
      };
      /** A day's interest: its rate was published before the day; a day without one pays the minimum. */
      const interestOf = async (d: number) => {
        const r = await rateOf(d);
        if (r) expect(r.publishedAt.getTime()).toBeLessThan(d);
        return money('10000')
          .times(r?.rate ?? '0.003')
          .toDecimalPlaces(8);
      };
      expect(await rateOf(day(1))).toBeDefined();
      const paid1 = await interestOf(day(1));
      expect((await change(t, user.id)).available).toBe(paid1.toFixed());

      // The server is down from day 2 to day 5 noon: a new app pays days 2, 3 and 4 once each. Day
      // 3's rate was published on day 2; days 4 and 5 had none published before they began (the
      // server was down), so they pay the minimum rather than a rate chosen after the fact.
      await t.close();
      t = await createTestApp(database(), lockOnly);
      await runAt(t, day(5) + 12 * HOUR);
      await t.app.ctx.scheduler.runDue();
      expect(await rateOf(day(3))).toBeDefined();
      expect(await rateOf(day(4))).toBeUndefined();
      expect(await rateOf(day(5))).toBeUndefined();
      expect(await rateOf(day(6))).toBeDefined();
      let expected = paid1;
      for (const n of [2, 3, 4]) expected = expected.plus(await interestOf(day(n)));
      expect((await change(t, user.id)).available).toBe(expected.toFixed());
      const [running] = await orders(t, token, 'in_progress');
      expect(running).toMatchObject({ paid_days: 4, interest: expected.toFixed(), remaining_days: 0 });

      // Day 6: the last day is paid and the principal released, once.
      await runAt(t, day(6) + 1_000);
      await t.app.ctx.scheduler.runDue();
      expected = expected.plus(await interestOf(day(5)));
      expect(await change(t, user.id)).toEqual({ available: expected.plus(10000).toFixed(), held: '0' });
      expect(expected.gte(150) && expected.lte(200)).toBe(true);
      const [done] = await orders(t, token, 'redeemed');
      expect(done).toMatchObject({ id: order.id, redeem_kind: 'matured', paid_days: 5, penalty: '0', refund: '10000' });
      await runAt(t, day(8));
      await t.app.ctx.scheduler.runDue();
      expect((await change(t, user.id)).available).toBe(expected.plus(10000).toFixed());
      expect((await checkInvariants(database().db)).ok).toBe(true);
      await t.close();
    });

    it('never changes a published rate: republishing and an admin range change keep it', async () => {
      const t = app();
      const start = ownDays(t);
      await t.app.ctx.scheduler.runDue();
      const admin = await adminUser(t);
      const before = (await fiveDays(t)).tomorrow!;
      await t.app.ctx.scheduler.runDue();
      const p = await fiveDays(t);
      const saved = await callWithKey(
        t,
        lock.adminLockSave,
        {
          id: p.id,
          name: p.name,
          min_rate: '0.001',
          max_rate: '0.002',
          days: 5,
          min_amount: '100',
          penalty_rate: '0.004',
        },
        { token: admin.token },
      );
      expect(okOf(lock.adminLockSave, saved.body)).toMatchObject({ min_rate: '0.001', max_rate: '0.002' });
      expect((await fiveDays(t)).tomorrow).toEqual(before);
      // The next day's publication uses the new range; the day already published keeps its rate.
      await runAt(t, (dayOf(start) + 1) * DAY + 1_000);
      const after = await fiveDays(t);
      expect(after.today).toEqual(before);
      expect(Number(after.tomorrow!.rate)).toBeLessThanOrEqual(0.002);
      // Put the demo terms back for the other tests.
      await callWithKey(
        t,
        lock.adminLockSave,
        {
          id: p.id,
          name: p.name,
          min_rate: '0.003',
          max_rate: '0.004',
          days: 5,
          min_amount: '100',
          penalty_rate: '0.004',
        },
        { token: admin.token },
      );
      const user = await registerUser(t);
      const refused = await callWithKey(
        t,
        lock.adminLockSave,
        { name: 'x', min_rate: '0.1', max_rate: '0.2', days: 1, min_amount: '1', penalty_rate: '0.1' },
        { token: user.token },
      );
      expect(refused.status).toBe(403);
    });

    it('early redemption: 1000 with 3 days left at 0.4 % costs 12 and refunds 988, interest kept', async () => {
      const t = app();
      const start = ownDays(t);
      await t.app.ctx.scheduler.runDue();
      const { token, user } = await registerUser(t);
      await fundChange(t, token, '1000');
      const p = await fiveDays(t);
      const order = okOf(lock.lockDeposit, (await depositReq(t, token, { config_id: p.id, amount: '1000' })).body);
      // Day 2: day 1's interest is paid; 3 whole days (3, 4, 5) are left.
      t.clock.set(new Date((dayOf(start) + 2) * DAY + 3 * HOUR));
      const houseBefore = (await systemBalance(database().db, 'house', USDT)).available;
      const [running] = await orders(t, token, 'in_progress');
      expect(running).toMatchObject({ remaining_days: 3, penalty_now: '12', refund_now: '988' });
      const redeemed = okOf(lock.lockCancel, (await cancelReq(t, token, order.id)).body);
      expect(redeemed).toMatchObject({
        status: 'redeemed',
        redeem_kind: 'early',
        penalty: '12',
        refund: '988',
        paid_days: 1,
      });
      const interest = money(redeemed.interest);
      expect(interest.gte(3) && interest.lte(4)).toBe(true);
      expect(await change(t, user.id)).toEqual({ available: interest.plus(988).toFixed(), held: '0' });
      expect(
        money((await systemBalance(database().db, 'house', USDT)).available)
          .minus(houseBefore)
          .toFixed(),
      ).toBe(money(12).minus(interest).toFixed());
      expect((await orders(t, token, 'redeemed')).map((o) => o.id)).toEqual([order.id]);
      expect(await orders(t, token, 'in_progress')).toEqual([]);
      // Nothing more is paid for a redeemed order.
      await runAt(t, (dayOf(start) + 7) * DAY);
      expect((await change(t, user.id)).available).toBe(interest.plus(988).toFixed());
    });

    it('refuses bad input, another user order, a missing key and a redeemed order', async () => {
      const t = app();
      ownDays(t);
      const { token } = await registerUser(t);
      const other = await registerUser(t);
      await fundChange(t, token, '1000');
      const p = await fiveDays(t);
      expect((await depositReq(t, token, { config_id: p.id, amount: '99.99' })).body).toEqual(
        error('Amount is below the minimum of 100 USDT'),
      );
      expect((await depositReq(t, token, { config_id: p.id, amount: 'abc' })).body.type).toBe('error');
      expect((await depositReq(t, token, { config_id: p.id, amount: '-5' })).body.type).toBe('error');
      expect((await depositReq(t, token, { config_id: 999_999, amount: '100' })).body).toEqual(
        error('The record does not exist'),
      );
      expect((await depositReq(t, token, { config_id: p.id, amount: '1000.01' })).body).toEqual(
        error('Insufficient balance: 1000 USDT available in your exchange account'),
      );
      const keyless = await callWithKey(t, lock.lockDeposit, { config_id: p.id, amount: '100' }, { token });
      expect(keyless.body.type).toBe('error');
      const order = okOf(lock.lockDeposit, (await depositReq(t, token, { config_id: p.id, amount: '100' })).body);
      expect((await cancelReq(t, other.token, order.id)).body).toEqual(error('The order does not exist'));
      expect((await cancelReq(t, token, 2_000_000_000)).body).toEqual(error('The order does not exist'));
      expect((await cancelReq(t, token, order.id)).body.type).toBe('ok');
      expect((await cancelReq(t, token, order.id)).body).toEqual(error('The order does not exist'));
      expect(await orders(t, other.token, 'redeemed')).toEqual([]);
    });

    it('50 concurrent deposits against a balance for 10 accept exactly 10; a retried key applies once', async () => {
      const t = app();
      ownDays(t);
      const { token, user } = await registerUser(t);
      await fundChange(t, token, '1000');
      const p = await fiveDays(t);
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => depositReq(t, token, { config_id: p.id, amount: '100' })),
      );
      const ok = replies.filter((r) => r.body.type === 'ok');
      expect(ok).toHaveLength(10);
      expect(replies.filter((r) => r.body.type === 'error')).toHaveLength(40);
      expect(await change(t, user.id)).toEqual({ available: '0', held: '1000' });
      expect(await orders(t, token, 'in_progress')).toHaveLength(10);

      const key = randomUUID();
      const again = await Promise.all(
        Array.from({ length: 2 }, () => cancelReq(t, token, (ok[0]!.body.message as lock.LockOrder).id, key)),
      );
      expect(again.map((r) => r.body.type)).toEqual(['ok', 'ok']);
      expect(await orders(t, token, 'in_progress')).toHaveLength(9);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('a burst of concurrent cancels of one order refunds it once', async () => {
      const t = app();
      ownDays(t);
      const { token, user } = await registerUser(t);
      await fundChange(t, token, '1000');
      const p = await fiveDays(t);
      const order = okOf(lock.lockDeposit, (await depositReq(t, token, { config_id: p.id, amount: '1000' })).body);
      const replies = await Promise.all(Array.from({ length: 20 }, () => cancelReq(t, token, order.id)));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      expect(replies.filter((r) => r.body.type === 'error').map((r) => r.body.message)).toEqual(
        Array.from({ length: 19 }, () => 'The order does not exist'),
      );
      // 5 days left on the deposit day: 0.4 % x 5 x 1000 = 20.
      expect(await change(t, user.id)).toEqual({ available: '980', held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  lockOnly,
);
