import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as ieo from '@contract/ieo';
import { auditLog, users } from '../../db/schema/index';
import { balanceOf, checkInvariants, Money } from '../../ledger/index';
import { deposit } from '../../testing/ledger';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { DAY, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { IEO_SWEEP_JOB } from './sweep';

const USDT = 3;
const ATOM = 16;

/** Only the IEO's own job runs: the eras are days apart, over which every hourly job would catch up. */
const ieoJobs = { scheduler: { jobs: [IEO_SWEEP_JOB] } };

/**
 * Tests of a file share a database and the scheduler's record of runs: each test moves its clock
 * to a later era of its own, so every sweep runs after the previous test's.
 */
let era = 0;
const ERA_START = Date.UTC(2032, 0, 1);
function ownEra(t: TestApp): number {
  era += 1;
  const start = ERA_START + era * 60 * DAY;
  t.clock.set(new Date(start));
  return start;
}

type Terms = Partial<Record<keyof typeof ieo.ieoProjectInput.shape, string | number>>;

async function adminOf(t: TestApp) {
  const boss = await registerUser(t);
  await t.app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, boss.user.id));
  return boss.token;
}

/** A project in progress from now for `days`, 1 USDT per coin unless told. */
async function project(t: TestApp, admin: string, terms: Terms = {}): Promise<ieo.IeoProject> {
  const now = t.clock.now().getTime();
  const res = await t.call(
    ieo.adminProjectSave,
    {
      name: 'Test round',
      coin_id: ATOM,
      pay_currency: USDT,
      price: '2',
      total: '100',
      min_amount: '0.5',
      max_amount: '100',
      start_at: now - MINUTE,
      end_at: now + DAY,
      lock_days: 0,
      ...terms,
    },
    { token: admin },
  );
  return okOf(ieo.adminProjectSave, res.body);
}

async function funded(t: TestApp, usdt = '1000') {
  const u = await registerUser(t);
  await deposit(t.app.ctx.db, u.user.id, USDT, usdt, 'change');
  return u;
}

const subscribe = (
  t: TestApp,
  token: string,
  p: ieo.IeoProject,
  amount: string,
  extra: Record<string, unknown> = {},
  key = randomUUID(),
) =>
  callWithKey(
    t,
    ieo.projectOrder,
    { lang: 'en', project_id: p.id, amount, pay_currency: p.pay_currency, price: p.price, ...extra },
    { token, key },
  );

const orderOf = (body: { type: string; message: unknown }) => okOf(ieo.projectOrder, body);

const mine = async (t: TestApp, token: string, projectId?: number) =>
  okOf(
    ieo.userProjectOrders,
    (await t.call(ieo.userProjectOrders, { project_id: projectId, limit: 100 }, { token })).body,
  ).data;

const change = (t: TestApp, userId: number, currency = USDT) => balanceOf(t.app.ctx.db, userId, currency, 'change');

async function endAndSweep(t: TestApp, p: ieo.IeoProject, after = MINUTE) {
  t.clock.set(new Date(p.end_at + after));
  await t.app.ctx.scheduler.runDue();
}

const ledgerTxCount = async (t: TestApp) => {
  const r = (await t.app.ctx.db.execute(sql`select count(*)::int as n from ledger_transactions`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(r.rows[0]!.n);
};

describeEachDatabase(
  'IEO',
  ({ app, database }) => {
    it('lists projects with their state from the times and answers an unknown id as not found', async () => {
      const t = app();
      const start = ownEra(t);
      const admin = await adminOf(t);
      const warm = await project(t, admin, { start_at: start + DAY, end_at: start + 2 * DAY });
      const live = await project(t, admin);
      const done = await project(t, admin, { start_at: start - 2 * DAY, end_at: start - DAY });
      const list = okOf(ieo.projectList, (await t.call(ieo.projectList, { limit: 100 })).body).data;
      const state = (id: number) => list.find((p) => p.id === id)?.state;
      expect([state(warm.id), state(live.id), state(done.id)]).toEqual(['warmup', 'progress', 'ended']);
      const detail = okOf(ieo.projectDetail, (await t.call(ieo.projectDetail, { project_id: live.id })).body);
      expect(detail).toMatchObject({
        price: '2',
        total: '100',
        coin_name: 'ATOM',
        pay_currency_name: 'USDT',
        applied: '0',
      });
      expect((await t.call(ieo.projectDetail, { project_id: 999_999, lang: 'en' })).body).toEqual({
        type: 'error',
        message: 'The project does not exist',
      });
      // In demo mode three projects are seeded, once.
      expect(list.filter((p) => p.name.includes('round')).length).toBeGreaterThanOrEqual(3);
    });

    it('holds the payment, shows the subscription and replays a retry without paying twice', async () => {
      const t = app();
      ownEra(t);
      const p = await project(t, await adminOf(t));
      const u = await funded(t);
      const key = randomUUID();
      const first = orderOf((await subscribe(t, u.token, p, '12.5', {}, key)).body);
      expect(first).toMatchObject({ amount: '12.5', pay: '25', status: 'applied', passed: null });
      const again = orderOf((await subscribe(t, u.token, p, '12.5', {}, key)).body);
      expect(again.id).toBe(first.id);
      expect(await change(t, u.user.id)).toEqual({ available: '975', held: '25' });
      expect((await mine(t, u.token)).map((o) => [o.id, o.amount, o.pay])).toEqual([[first.id, '12.5', '25']]);
      const detail = okOf(ieo.projectDetail, (await t.call(ieo.projectDetail, { project_id: p.id })).body);
      expect(detail.applied).toBe('12.5');
      // Another body under the same key is refused, and nothing moves.
      expect((await subscribe(t, u.token, p, '3', {}, key)).body.type).toBe('error');
      expect(await change(t, u.user.id)).toEqual({ available: '975', held: '25' });
    });

    it('refuses bad input, what the user did not confirm and subscriptions outside the window', async () => {
      const t = app();
      const start = ownEra(t);
      const admin = await adminOf(t);
      const p = await project(t, admin, { max_amount: '10' });
      const warm = await project(t, admin, { start_at: start + DAY, end_at: start + 2 * DAY });
      const done = await project(t, admin, { start_at: start - 2 * DAY, end_at: start - DAY });
      const u = await funded(t, '15');
      const refused = async (body: Promise<{ body: { type: string; message: unknown } }>) => (await body).body;
      expect(await refused(subscribe(t, u.token, p, '1', { price: '1.9' }))).toEqual({
        type: 'error',
        message: 'The issue price is 2 USDT; please check it and confirm again',
      });
      expect(await refused(subscribe(t, u.token, p, '1', { pay_currency: 1 }))).toEqual({
        type: 'error',
        message: 'This project is paid in USDT',
      });
      expect((await refused(subscribe(t, u.token, p, '1.123456789'))).message).toMatch(/at most 8 decimals/);
      expect((await refused(subscribe(t, u.token, p, '0.4'))).message).toMatch(/at least 0.5 ATOM/);
      expect((await refused(subscribe(t, u.token, p, '-1'))).type).toBe('error');
      expect((await refused(subscribe(t, u.token, p, 'abc'))).type).toBe('error');
      expect((await refused(subscribe(t, u.token, p, '11'))).message).toMatch(
        /at most 10 ATOM in total.*10 ATOM is left/,
      );
      expect((await refused(subscribe(t, u.token, p, '8'))).message).toMatch(/Insufficient balance: 15 USDT available/);
      expect((await refused(subscribe(t, u.token, warm, '1'))).message).toMatch(/warming up/);
      expect((await refused(subscribe(t, u.token, done, '1'))).message).toMatch(/have ended/);
      expect((await refused(subscribe(t, u.token, { ...p, id: 999_999 }, '1'))).message).toBe(
        'The project does not exist',
      );
      // Without an Idempotency-Key nothing is tried.
      const noKey = await callWithKey(
        t,
        ieo.projectOrder,
        { project_id: p.id, amount: '1', pay_currency: USDT, price: '2' },
        { token: u.token },
      );
      expect(noKey.body.type).toBe('error');
      // The per-user maximum counts earlier subscriptions.
      expect(orderOf((await subscribe(t, u.token, p, '6')).body).pay).toBe('12');
      expect((await refused(subscribe(t, u.token, p, '5'))).message).toMatch(/4 ATOM is left/);
      expect(await change(t, u.user.id)).toEqual({ available: '3', held: '12' });
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it("shows only the caller's subscriptions, also when asked for another user's project", async () => {
      const t = app();
      ownEra(t);
      const p = await project(t, await adminOf(t));
      const a = await funded(t);
      const b = await funded(t);
      const aOrder = orderOf((await subscribe(t, a.token, p, '1')).body);
      expect((await mine(t, b.token, p.id)).length).toBe(0);
      expect((await mine(t, a.token, p.id)).map((o) => o.id)).toEqual([aOrder.id]);
      expect((await t.call(ieo.userProjectOrders, {})).body.type).toBe('999');
    });

    it('allocates an oversubscribed project pro rata, refunds the rest and never exceeds the supply', async () => {
      const t = app();
      ownEra(t);
      const p = await project(t, await adminOf(t), {
        total: '1',
        price: '3',
        min_amount: '0.00000001',
        max_amount: '1',
      });
      const people = [await funded(t), await funded(t), await funded(t)];
      for (const u of people) orderOf((await subscribe(t, u.token, p, '1')).body);
      // Nothing happens before the end.
      t.clock.set(new Date(p.end_at - MINUTE));
      await t.app.ctx.scheduler.runDue();
      expect((await mine(t, people[0]!.token))[0]!.status).toBe('applied');

      await endAndSweep(t, p);
      const orders = (await Promise.all(people.map((u) => mine(t, u.token)))).map((l) => l[0]!);
      // 1 coin among three equal applications: 0.33333333 each, the leftover unit to the earliest.
      expect(orders.map((o) => [o.passed, o.paid, o.refund])).toEqual([
        ['0.33333334', '1.00000002', '1.99999998'],
        ['0.33333333', '0.99999999', '2.00000001'],
        ['0.33333333', '0.99999999', '2.00000001'],
      ]);
      expect(orders.map((o) => o.status)).toEqual(['credited', 'credited', 'credited']);
      const detail = okOf(ieo.projectDetail, (await t.call(ieo.projectDetail, { project_id: p.id })).body);
      expect(detail).toMatchObject({ passed: '1', applied: '3', allocated: true, state: 'ended' });
      expect(await change(t, people[0]!.user.id)).toEqual({ available: '998.99999998', held: '0' });
      expect(await change(t, people[0]!.user.id, ATOM)).toEqual({ available: '0.33333334', held: '0' });
      expect(await change(t, people[1]!.user.id, ATOM)).toEqual({ available: '0.33333333', held: '0' });
      // The issuer is paid exactly the supply at the issue price; the rest of every payment came back.
      const sum = (k: 'paid' | 'refund' | 'pay') =>
        orders.reduce((s, o) => s.plus(o[k] ?? '0'), new Money(0)).toFixed();
      expect([sum('paid'), sum('refund'), sum('pay')]).toEqual(['3', '6', '9']);
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it('gives everyone what they applied for when undersubscribed', async () => {
      const t = app();
      ownEra(t);
      const p = await project(t, await adminOf(t), { total: '100' });
      const a = await funded(t);
      const b = await funded(t);
      await subscribe(t, a.token, p, '30');
      await subscribe(t, b.token, p, '20.5');
      await endAndSweep(t, p);
      const [oa] = await mine(t, a.token);
      const [ob] = await mine(t, b.token);
      expect([oa!.passed, oa!.refund, ob!.passed, ob!.refund]).toEqual(['30', '0', '20.5', '0']);
      expect(await change(t, b.user.id, ATOM)).toEqual({ available: '20.5', held: '0' });
      expect(await change(t, b.user.id)).toEqual({ available: '959', held: '0' });
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it('processes the end exactly once: a second sweep, a restart and a sweep of the same period change nothing', async () => {
      const t = app();
      ownEra(t);
      const p = await project(t, await adminOf(t), { total: '10', max_amount: '10' });
      const a = await funded(t);
      const b = await funded(t);
      await subscribe(t, a.token, p, '10');
      await subscribe(t, b.token, p, '5');
      await endAndSweep(t, p);
      const count = await ledgerTxCount(t);
      const balances = [await change(t, a.user.id), await change(t, a.user.id, ATOM)];
      await t.app.ctx.scheduler.runDue();
      // Run the job of the period that already ran, as a second process would.
      const { sweep } = await import('./sweep');
      await t.app.ctx.db.transaction((tx) => sweep(tx, new Date(p.end_at + MINUTE)));
      // A restart: a new app on the same database, later.
      const restarted = await createTestApp(database(), ieoJobs);
      try {
        restarted.clock.set(new Date(p.end_at + 10 * MINUTE));
        await restarted.app.ctx.scheduler.runDue();
      } finally {
        await restarted.close();
      }
      expect(await ledgerTxCount(t)).toBe(count);
      expect([await change(t, a.user.id), await change(t, a.user.id, ATOM)]).toEqual(balances);
      expect(balances[1]).toEqual({ available: '6.66666667', held: '0' });
    });

    it('credits the coins at the end of the lock period, or at the listing when that comes first', async () => {
      const t = app();
      const start = ownEra(t);
      const admin = await adminOf(t);
      const locked = await project(t, admin, { lock_days: 3 });
      const listed = await project(t, admin, { lock_days: 30, listing_at: start + 2 * DAY });
      expect(listed.credit_at).toBe(start + 2 * DAY);
      expect(locked.credit_at).toBe(locked.end_at + 3 * DAY);
      const u = await funded(t);
      await subscribe(t, u.token, locked, '4');
      await subscribe(t, u.token, listed, '5');
      await endAndSweep(t, locked);
      const statuses = async () => (await mine(t, u.token)).map((o) => [o.project_id, o.status]);
      expect(await statuses()).toEqual([
        [listed.id, 'allocated'],
        [locked.id, 'allocated'],
      ]);
      expect(await change(t, u.user.id, ATOM)).toEqual({ available: '0', held: '0' });
      t.clock.set(new Date(listed.credit_at + MINUTE));
      await t.app.ctx.scheduler.runDue();
      expect(await statuses()).toEqual([
        [listed.id, 'credited'],
        [locked.id, 'allocated'],
      ]);
      expect((await change(t, u.user.id, ATOM)).available).toBe('5');
      t.clock.set(new Date(locked.credit_at - MINUTE));
      await t.app.ctx.scheduler.runDue();
      expect((await change(t, u.user.id, ATOM)).available).toBe('5');
      t.clock.set(new Date(locked.credit_at + MINUTE));
      await t.app.ctx.scheduler.runDue();
      expect((await change(t, u.user.id, ATOM)).available).toBe('9');
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it('accepts exactly what one balance pays for from a burst of 50 concurrent subscriptions', async () => {
      const t = app();
      ownEra(t);
      const p = await project(t, await adminOf(t), { total: '1000', max_amount: '1000' });
      const u = await funded(t, '40');
      const replies = await Promise.all(Array.from({ length: 50 }, () => subscribe(t, u.token, p, '1')));
      const ok = replies.filter((r) => r.body.type === 'ok');
      expect(ok.length).toBe(20);
      expect(
        replies
          .filter((r) => r.body.type !== 'ok')
          .every((r) => String(r.body.message).startsWith('Insufficient balance')),
      ).toBe(true);
      expect(await change(t, u.user.id)).toEqual({ available: '0', held: '40' });
      const detail = okOf(ieo.projectDetail, (await t.call(ieo.projectDetail, { project_id: p.id })).body);
      expect(detail.applied).toBe('20');
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it('lets an admin create and update projects (audited) and keeps the terms once someone subscribed', async () => {
      const t = app();
      ownEra(t);
      const admin = await adminOf(t);
      const p = await project(t, admin);
      const user = await funded(t);
      const asUser = await t.call(ieo.adminProjectSave, { name: 'x' }, { token: user.token });
      expect(asUser.status).toBe(403);
      const base = {
        id: p.id,
        name: 'Renamed',
        coin_id: ATOM,
        pay_currency: USDT,
        price: '2',
        total: '100',
        min_amount: '0.5',
        max_amount: '100',
        start_at: p.start_at,
        end_at: p.end_at,
        lock_days: 0,
      };
      expect(
        okOf(
          ieo.adminProjectSave,
          (await t.call(ieo.adminProjectSave, { ...base, price: '2.5' }, { token: admin })).body,
        ).price,
      ).toBe('2.5');
      await subscribe(t, user.token, { ...p, price: '2.5' }, '1');
      const locked = await t.call(ieo.adminProjectSave, { ...base, price: '3', lang: 'en' }, { token: admin });
      expect(locked.body.message).toMatch(/only its texts and listing time can change/);
      const renamed = okOf(
        ieo.adminProjectSave,
        (await t.call(ieo.adminProjectSave, { ...base, price: '2.5', name: 'Final name' }, { token: admin })).body,
      );
      expect(renamed.name).toBe('Final name');
      const bad = await t.call(
        ieo.adminProjectSave,
        { ...base, id: undefined, end_at: p.start_at, lang: 'en' },
        { token: admin },
      );
      expect(bad.body.message).toMatch(/end must be after the start/);
      const rows = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, p.id));
      expect(rows.filter((r) => r.entity === 'ieo_project').map((r) => r.action)).toEqual([
        'ieo_project.create',
        'ieo_project.update',
        'ieo_project.update',
      ]);
    });
  },
  ieoJobs,
);
