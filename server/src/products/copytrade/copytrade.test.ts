import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as follow from '@contract/copytrade';
import * as lever from '@contract/futures';
import * as wallet from '@contract/wallet';
import { checkInvariants, balanceOf, inTransaction } from '../../ledger/index';
import { deposit } from '../../testing/ledger';
import { bulkFollowers } from '../../testing/copytrade';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { pushFeed, tick } from '../../testing/trade';
import { adminUser } from '../../testing/fund';
import { submit as leverSubmit } from '../../positions/service';

let feed = pushFeed();

const BTC = { currency_id: 1, legal_id: 3 };
const USDT = 3;
const error = (message: unknown) => ({ type: 'error', message });

/** Tests of a file share the scheduler's record: each test's clock starts in an hour of its own. */
let era = 0;
const ERA_START = Date.UTC(2032, 0, 1);
function ownHours(t: TestApp): number {
  era += 1;
  const start = ERA_START + era * 10 * HOUR + MINUTE;
  t.clock.set(new Date(start));
  return start;
}

describeEachDatabase(
  'copy trading (follow) API',
  ({ app, database }) => {
    const call = (t: TestApp, endpoint: { path: string }, token: string, body: Record<string, unknown>) =>
      callWithKey(t, endpoint as never, { lang: 'en', ...body }, { token, key: randomUUID() });
    const settle = async (t: TestApp) => {
      await t.app.products.futures.idle();
      await t.app.products.copytrade.idle();
      await t.app.products.futures.idle();
    };
    const price = async (t: TestApp, p: string) => {
      await tick(t, feed, 'BTC/USDT', p);
      await settle(t);
    };
    const user = async (t: TestApp, usdt: string) => {
      const u = await registerUser(t);
      if (usdt !== '0') await deposit(t.app.ctx.db, u.user.id, USDT, usdt, 'lever');
      return { token: u.token, id: u.user.id };
    };
    /** A user approved as trader through the application and its review. */
    const trader = async (t: TestApp, adminToken: string, usdt = '100000') => {
      const u = await user(t, usdt);
      const applied = okOf(
        follow.followApply,
        (await t.call(follow.followApply, { introduction: 'Trend trader' }, { token: u.token })).body,
      );
      const reviewed = await t.call(
        follow.adminFollowReview,
        { id: applied.id, action: 'approve' },
        { token: adminToken },
      );
      expect(reviewed.body).toMatchObject({ type: 'ok', message: { state: 'approved' } });
      return u;
    };
    const followOf = async (t: TestApp, token: string, body: Record<string, unknown>) =>
      okOf(follow.followFollow, (await call(t, follow.followFollow, token, body)).body);
    const open = async (t: TestApp, token: string, body: Record<string, unknown>) => {
      const res = await call(t, lever.leverSubmit, token, { ...BTC, multiple: 50, status: 1, type: 1, ...body });
      const p = okOf(lever.leverSubmit, res.body);
      await settle(t);
      return p;
    };
    const close = async (t: TestApp, token: string, id: number) => {
      const res = await call(t, lever.leverClose, token, { id });
      await settle(t);
      return res.body;
    };
    const current = async (t: TestApp, token: string) =>
      okOf(follow.followCurrentTrade, (await t.call(follow.followCurrentTrade, { limit: 100 }, { token })).body).data;
    const past = async (t: TestApp, token: string) =>
      okOf(follow.followHistoryTrade, (await t.call(follow.followHistoryTrade, { limit: 100 }, { token })).body).data;
    const lev = (t: TestApp, id: number) => balanceOf(t.app.ctx.db, id, USDT, 'lever');
    const invariantsHold = async () => expect((await checkInvariants(database().db)).ok).toBe(true);

    it('publishes the fees a copy pays: the futures rates in force, no profit share or subscription', async () => {
      const t = app();
      const terms = async () => okOf(follow.followTerms, (await t.call(follow.followTerms, {})).body);
      expect(await terms()).toEqual({
        fee_rate: '0.0005',
        overnight_rate: '0.0003',
        profit_share: '0',
        subscription_fee: '0',
      });
      const admin = await adminUser(t);
      const saved = { multiples: '5,10', fee_rate: '0.0007', maintenance_rate: '0.01', overnight_rate: '0.0002' };
      const res = await t.call(lever.adminLeverSave, { ...saved, min_lots: 1, max_lots: 100 }, { token: admin.token });
      expect(res.body.type).toBe('ok');
      expect(await terms()).toMatchObject({ fee_rate: '0.0007', overnight_rate: '0.0002' });
      // The settings live in the database the other tests share: back to the defaults.
      const defaults = { multiples: '5,10,20,50,100', fee_rate: '0.0005', maintenance_rate: '0.005' };
      const back = { ...defaults, overnight_rate: '0.0003', min_lots: 1, max_lots: 10_000 };
      expect((await t.call(lever.adminLeverSave, back, { token: admin.token })).body.type).toBe('ok');
    });

    it('applications: one waiting at a time, admin review audited, only approved traders listed', async () => {
      const t = app();
      const admin = await adminUser(t);
      const u = await user(t, '0');
      const other = await user(t, '0');
      expect((await t.call(follow.followMyApplication, {}, { token: u.token })).body).toEqual({
        type: 'ok',
        message: null,
      });
      const first = okOf(follow.followApply, (await t.call(follow.followApply, {}, { token: u.token })).body);
      expect(first).toMatchObject({ state: 'review', user_id: u.id });
      expect((await t.call(follow.followApply, { lang: 'en' }, { token: u.token })).body).toEqual(
        error('Your trader application is waiting for review'),
      );
      // Not an admin: refused.
      expect((await t.call(follow.adminFollowList, {}, { token: other.token })).status).toBe(403);
      const list = okOf(
        follow.adminFollowList,
        (await t.call(follow.adminFollowList, {}, { token: admin.token })).body,
      );
      expect(list.data.find((a) => a.id === first.id)).toMatchObject({ closed_orders: 0, total_profit: '0' });
      expect(
        (await t.call(follow.adminFollowReview, { lang: 'en', id: first.id, action: 'reject' }, { token: admin.token }))
          .body,
      ).toEqual(error('Reason is required'));
      const rejected = await t.call(
        follow.adminFollowReview,
        { id: first.id, action: 'reject', reason: 'No futures record yet' },
        { token: admin.token },
      );
      expect(rejected.body).toMatchObject({
        type: 'ok',
        message: { state: 'rejected', reason: 'No futures record yet' },
      });
      expect(
        (
          await t.call(
            follow.adminFollowReview,
            { lang: 'en', id: first.id, action: 'approve' },
            { token: admin.token },
          )
        ).body,
      ).toEqual(error('This application has already been reviewed'));
      const index = async () =>
        okOf(follow.followIndex, (await t.call(follow.followIndex, { limit: 100 }, { token: other.token })).body).data;
      expect((await index()).some((tr) => tr.user_id === u.id)).toBe(false);
      const second = okOf(follow.followApply, (await t.call(follow.followApply, {}, { token: u.token })).body);
      await t.call(follow.adminFollowReview, { id: second.id, action: 'approve' }, { token: admin.token });
      expect((await index()).find((tr) => tr.user_id === u.id)).toMatchObject({
        my_follow: null,
        is_me: false,
        demo: false,
      });
      expect((await t.call(follow.followApply, { lang: 'en' }, { token: u.token })).body).toEqual(
        error('You are already a trader'),
      );
      const audit = await t.call((await import('@contract/admin')).auditLog, { limit: 100 }, { token: admin.token });
      const actions = (
        audit.body as { message: { data: { action: string; entity: string; entity_id: number }[] } }
      ).message.data.filter((a) => a.entity === 'follow_application');
      expect(actions.filter((a) => a.entity_id === first.id || a.entity_id === second.id).map((a) => a.action)).toEqual(
        ['follow_application.approve', 'follow_application.reject'],
      );
    });

    it('follow rules: not yourself, only traders, multiple to two decimals, whole lots, edit in place, cancel', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      const f = await user(t, '0');
      const stranger = await user(t, '0');
      expect(
        (await call(t, follow.followFollow, tr.token, { trader_user_id: tr.id, type: 1, number: '1' })).body,
      ).toEqual(error('You cannot follow yourself'));
      expect(
        (await call(t, follow.followFollow, f.token, { trader_user_id: stranger.id, type: 1, number: '1' })).body,
      ).toEqual(error('This user is not an approved trader'));
      expect(
        (await call(t, follow.followFollow, f.token, { trader_user_id: tr.id, type: 3, number: '1' })).body,
      ).toEqual(error('Type is invalid'));
      expect(
        (await call(t, follow.followFollow, f.token, { trader_user_id: tr.id, type: 1, number: 'x' })).body,
      ).toEqual(error('Please enter the correct quantity, price or amount'));
      expect(
        (await call(t, follow.followFollow, f.token, { trader_user_id: tr.id, type: 1, number: '100.01' })).body,
      ).toEqual(error('Quantity must be a multiple from 0.01 to 100'));
      expect(
        (await call(t, follow.followFollow, f.token, { trader_user_id: tr.id, type: 1, number: '0.004' })).body,
      ).toEqual(error('Quantity must be a multiple from 0.01 to 100'));
      expect(
        (await call(t, follow.followFollow, f.token, { trader_user_id: tr.id, type: 2, number: '1.5' })).body,
      ).toEqual(error('Quantity must be a whole number of lots from 1 to 10,000'));
      const first = await followOf(t, f.token, { trader_user_id: tr.id, type: 1, number: '0.333' });
      expect(first).toMatchObject({
        type: 1,
        number: '0.33',
        max_amount: null,
        state: 'following',
        trader_name: expect.any(String),
      });
      const edited = await followOf(t, f.token, { trader_user_id: tr.id, type: 1, number: '1.555', max_amount: '500' });
      expect(edited).toMatchObject({ id: first.id, number: '1.56', max_amount: '500' });
      const lots = await followOf(t, f.token, { trader_user_id: tr.id, type: 2, number: '7' });
      expect(lots).toMatchObject({ id: first.id, type: 2, number: '7' });
      const index = okOf(
        follow.followIndex,
        (await t.call(follow.followIndex, { limit: 100 }, { token: f.token })).body,
      );
      expect(index.data.find((x) => x.user_id === tr.id)?.my_follow).toMatchObject({ id: first.id });
      // Another user's follow id answers like a missing one.
      expect((await call(t, follow.followCancel, stranger.token, { id: first.id })).body).toEqual(
        error('The follow does not exist'),
      );
      const cancelled = okOf(follow.followCancel, (await call(t, follow.followCancel, f.token, { id: first.id })).body);
      expect(cancelled).toMatchObject({ state: 'cancelled', cancelled_at: expect.any(String) });
      expect((await call(t, follow.followCancel, f.token, { id: first.id })).body).toEqual(
        error('This follow is already cancelled'),
      );
      const mine = (status: number) =>
        t
          .call(follow.followMyFollows, { status }, { token: f.token })
          .then((r) => okOf(follow.followMyFollows, r.body).data);
      expect((await mine(1)).length).toBe(0);
      expect((await mine(2)).map((x) => x.id)).toEqual([first.id]);
      const detail = await t.call(
        follow.followTraderDetail,
        { lang: 'en', trader_id: stranger.id },
        { token: f.token },
      );
      expect(detail.body).toEqual(error('This user is not an approved trader'));
    });

    it('a burst of 30 parallel follows of one trader leaves one active follow', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      const f = await user(t, '0');
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(t, follow.followFollow, f.token, { trader_user_id: tr.id, type: 2, number: String(i + 1) }),
        ),
      );
      expect(replies.every((r) => r.body.type === 'ok')).toBe(true);
      const active = okOf(follow.followMyFollows, (await t.call(follow.followMyFollows, {}, { token: f.token })).body);
      expect(active.total).toBe(1);
    });

    it('copies at the trader price: multiple rounded down, fixed lots, cap, cannot afford, each paying its own', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const half = await user(t, '1000'); // 1.5 x 3 lots = 4 lots
      const third = await user(t, '1000'); // 0.33 x 3 lots = 0 lots: skipped
      const fixed = await user(t, '1000'); // 7 lots whatever the trader's
      const capped = await user(t, '1000'); // cap 0.5 USDT below one lot's margin (0.4) + open copy
      const poor = await user(t, '0.1'); // cannot pay 0.4 margin + 0.01 fee
      await followOf(t, half.token, { trader_user_id: tr.id, type: 1, number: '1.5' });
      await followOf(t, third.token, { trader_user_id: tr.id, type: 1, number: '0.33' });
      await followOf(t, fixed.token, { trader_user_id: tr.id, type: 2, number: '7' });
      await followOf(t, capped.token, { trader_user_id: tr.id, type: 2, number: '1', max_amount: '0.5' });
      await followOf(t, poor.token, { trader_user_id: tr.id, type: 2, number: '1' });
      // 3 lots = 0.003 BTC at 20,000, 50x: margin 1.2, fee 0.03.
      const p = await open(t, tr.token, { share: 3 });
      const [h] = await current(t, half.token);
      expect(h).toMatchObject({
        trader_position_id: p.id,
        trader_share: 3,
        share: 4,
        state: 'open',
        skip_reason: null,
      });
      expect(h!.position).toMatchObject({
        price: '20000',
        multiple: 50,
        share: 4,
        caution_money: '1.6',
        open_fee: '0.04',
      });
      expect(await lev(t, half.id)).toEqual({ available: '998.36', held: '1.6' });
      // The copy's records read as the user's own open of the same 4 lots: the same lines in order.
      const self = await user(t, '1000');
      okOf(
        lever.leverSubmit,
        (await call(t, lever.leverSubmit, self.token, { ...BTC, multiple: 50, status: 1, type: 1, share: 4 })).body,
      );
      const lines = async (token: string) =>
        okOf(
          wallet.legalLog,
          (await t.call(wallet.legalLog, { currency: USDT, type: 'lever' }, { token })).body,
        ).data.map((r) => [r.kind, r.type, r.bucket, r.amount, r.balance_after]);
      expect(await lines(half.token)).toEqual([
        ['lever_open', 'lever', 'available', '-0.04', '998.36'],
        ['lever_open', 'lever', 'held', '1.6', '1.6'],
        ['lever_open', 'lever', 'available', '-1.6', '998.4'],
        ['deposit', 'lever', 'available', '1000', '1000'],
      ]);
      expect(await lines(self.token)).toEqual(await lines(half.token));
      expect(await current(t, third.token)).toEqual([]);
      expect((await past(t, third.token))[0]).toMatchObject({
        state: 'skipped',
        skip_reason: 'zero_lots',
        share: 0,
        position: null,
      });
      expect((await current(t, fixed.token))[0]!.position).toMatchObject({
        share: 7,
        price: '20000',
        caution_money: '2.8',
      });
      expect((await current(t, capped.token))[0]!.position).toMatchObject({ share: 1, caution_money: '0.4' });
      expect((await past(t, poor.token))[0]).toMatchObject({ state: 'skipped', skip_reason: 'insufficient_balance' });
      expect(await lev(t, poor.id)).toEqual({ available: '0.1', held: '0' });
      // The capped follow has 0.4 in an open copy: a second 0.4 would pass 0.5.
      await open(t, tr.token, { share: 1 });
      expect((await past(t, capped.token))[0]).toMatchObject({ state: 'skipped', skip_reason: 'amount_cap' });
      expect(await current(t, capped.token)).toHaveLength(1);
      const fig = okOf(
        follow.followMyFollows,
        (await t.call(follow.followMyFollows, {}, { token: capped.token })).body,
      );
      expect(fig.data[0]).toMatchObject({ used_amount: '0.4', copied_count: 1, skipped_count: 1 });
      await invariantsHold();
    });

    it('the follower cannot close or set stops on a copy; the trader’s close closes it at the same price', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const f = await user(t, '1000');
      await followOf(t, f.token, { trader_user_id: tr.id, type: 2, number: '10' });
      const p = await open(t, tr.token, { share: 5 });
      const copy = (await current(t, f.token))[0]!;
      const id = copy.position!.id;
      expect(await close(t, f.token, id)).toEqual(
        error(
          'This position copies a trader and closes with them; turn it into self-holding first to close it yourself',
        ),
      );
      expect((await call(t, lever.leverSetStop, f.token, { id, stop_loss_price: '19900' })).body).toMatchObject({
        type: 'error',
      });
      const batch = okOf(lever.leverBatchClose, (await call(t, lever.leverBatchClose, f.token, { type: 0 })).body);
      expect(batch.closed).toEqual([]);
      await price(t, '20100');
      expect(await close(t, tr.token, p.id)).toMatchObject({ type: 'ok' });
      const [done] = await past(t, f.token);
      // 0.01 BTC long from 20,000 to 20,100: profit 1, close fee 0.1005.
      expect(done).toMatchObject({ state: 'closed' });
      expect(done!.position).toMatchObject({
        status: 'closed',
        close_price: '20100',
        close_reason: 'user',
        profits: '1',
      });
      expect(done!.position).toMatchObject({ close_fee: '0.1005', returned: '4.8995' });
      expect(await lev(t, f.id)).toEqual({ available: '1000.7995', held: '0' });
      expect(t.app.products.futures.index.has(id)).toBe(false);
      await invariantsHold();
    });

    it('take-profit and liquidation of the trader close the copies the same way', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const f = await user(t, '1000');
      await followOf(t, f.token, { trader_user_id: tr.id, type: 1, number: '2' });
      const tp = await open(t, tr.token, { share: 10, target_profit_price: '20500' });
      // Long 50x at 20,000: liquidation 19,700; the short's at 20,300.
      const liq = await open(t, tr.token, { share: 10, type: 2 });
      const tickAt = t.clock.now().getTime();
      await price(t, '20600');
      const copies = await past(t, f.token);
      const byTrader = new Map(copies.map((c) => [c.trader_position_id, c.position!]));
      // A copy records the trader's closing tick: price, feed time and feed.
      expect(byTrader.get(tp.id)).toMatchObject({
        status: 'closed',
        close_reason: 'take_profit',
        close_price: '20600',
        close_price_at: tickAt,
        close_source: 'simulated',
      });
      expect(byTrader.get(liq.id)).toMatchObject({
        status: 'closed',
        close_reason: 'liquidation',
        close_price: '20600',
      });
      expect(byTrader.get(liq.id)).toMatchObject({ returned: '0', share: 20 });
      expect(await current(t, f.token)).toEqual([]);
      await invariantsHold();
    });

    it('the trader’s trailing stop closes the copies at the same tick, with reason trailing_stop', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const f = await user(t, '1000');
      await followOf(t, f.token, { trader_user_id: tr.id, type: 2, number: '5' });
      const p = await open(t, tr.token, { share: 5, multiple: 10 });
      const set = await call(t, lever.leverSetStop, tr.token, { id: p.id, trail_percent: '1' });
      expect(set.body).toMatchObject({ type: 'ok', message: { trail_trigger_price: '19800' } });
      // The copy does not trail on its own: it follows the trader's close.
      const copy = (await current(t, f.token))[0]!;
      expect(copy.position).toMatchObject({ trail_percent: null, trail_trigger_price: null });
      await price(t, '20400');
      await price(t, '20196.01');
      expect(await past(t, f.token)).toEqual([]);
      const tickAt = t.clock.now().getTime();
      await price(t, '20196');
      const [done] = await past(t, f.token);
      expect(done).toMatchObject({ state: 'closed', trader_position_id: p.id });
      expect(done!.position).toMatchObject({
        status: 'closed',
        close_reason: 'trailing_stop',
        close_price: '20196',
        close_price_at: tickAt,
        profits: '0.98',
      });
      expect(await lev(t, f.id)).toMatchObject({ held: '0' });
      await invariantsHold();
    });

    it('self-holding: the trader’s close leaves it open and the follower closes it; cancel keeps open copies', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const f = await user(t, '1000');
      const stranger = await user(t, '0');
      const fl = await followOf(t, f.token, { trader_user_id: tr.id, type: 2, number: '1' });
      const p1 = await open(t, tr.token, { share: 1 });
      const p2 = await open(t, tr.token, { share: 2 });
      const [c2, c1] = await current(t, f.token);
      expect((await call(t, follow.followSelfHolding, stranger.token, { id: c1!.id })).body).toEqual(
        error('The copy does not exist'),
      );
      const held = okOf(
        follow.followSelfHolding,
        (await call(t, follow.followSelfHolding, f.token, { id: c1!.id })).body,
      );
      expect(held).toMatchObject({ state: 'self_holding', self_held_at: expect.any(String) });
      expect((await call(t, follow.followSelfHolding, f.token, { id: c1!.id })).body).toEqual(
        error('This copy is not open'),
      );
      // Cancelling the follow: no new copies, the open one still closes with the trader.
      await call(t, follow.followCancel, f.token, { id: fl.id });
      await open(t, tr.token, { share: 3 });
      expect((await current(t, f.token)).map((c) => c.trader_position_id)).toEqual([p2.id]);
      await close(t, tr.token, p1.id);
      await close(t, tr.token, p2.id);
      const positions = okOf(lever.leverDealAll, (await t.call(lever.leverDealAll, {}, { token: f.token })).body).data;
      expect(positions.map((p) => p.id)).toEqual([c1!.position!.id]);
      expect((await past(t, f.token)).find((c) => c.id === c2!.id)).toMatchObject({ state: 'closed' });
      expect(await close(t, f.token, c1!.position!.id)).toMatchObject({ type: 'ok', message: { status: 'closed' } });
      await invariantsHold();
    });

    it('statistics are computed hourly from the trader’s closed positions', async () => {
      const t = app();
      const start = ownHours(t);
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const f = await user(t, '1000');
      await followOf(t, f.token, { trader_user_id: tr.id, type: 2, number: '1' });
      const win = await open(t, tr.token, { share: 10 });
      const loss = await open(t, tr.token, { share: 10, type: 2 });
      await price(t, '20100');
      await close(t, tr.token, win.id);
      await close(t, tr.token, loss.id);
      const detail = async () =>
        okOf(
          follow.followTraderDetail,
          (await t.call(follow.followTraderDetail, { trader_id: tr.id }, { token: f.token })).body,
        );
      // Followers count the follow rows at once; the other figures wait for the hourly run.
      expect((await detail()).stats).toMatchObject({ as_of: null, closed_orders: 0, followers: 1 });
      const listed = okOf(
        follow.followIndex,
        (await t.call(follow.followIndex, { limit: 100 }, { token: f.token })).body,
      ).data;
      expect(listed.find((x) => x.user_id === tr.id)?.stats.followers).toBe(1);
      t.clock.set(new Date(start + HOUR));
      await t.app.ctx.scheduler.runDue();
      const d = await detail();
      // Long +1, short -1 (0.01 BTC each, 100 apart); margins 4 + 4.
      expect(d.stats).toMatchObject({
        total_profit: '0',
        closed_orders: 2,
        profitable_orders: 1,
        accuracy: '50.00',
        followers: 1,
        margin_used: '8',
        yield: '0.00',
      });
      expect(Date.parse(d.stats.as_of!) % HOUR).toBe(0);
      expect(d.closed_trades.map((x) => x.id).sort()).toEqual([win.id, loss.id].sort());
      expect(d.my_follow).toMatchObject({ copied_count: 2, profit: '0' });
    });

    it('a copy lost to a restart is made at the trader’s price, or recorded as missed after the window', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const f = await user(t, '1000');
      await followOf(t, f.token, { trader_user_id: tr.id, type: 2, number: '2' });
      // Opened and committed, but the process stops before the fan-out: its copy engine copies no
      // more, and no other process runs one to hear the announcement.
      await t.app.products.copytrade.stop();
      const openDirect = () =>
        inTransaction(t.app.ctx.db, (tx) =>
          leverSubmit(
            tx,
            t.app.ctx.market,
            tr.id,
            {
              ...BTC,
              share: 1,
              multiple: 50,
              type: 1,
              status: 1,
              target_price: undefined,
              target_profit_price: undefined,
              stop_loss_price: undefined,
            },
            t.clock.now(),
          ),
        );
      const fresh = await openDirect();
      const old = await openDirect();
      // The second is backdated past the recovery window.
      await t.app.ctx.db.execute(
        (await import('drizzle-orm'))
          .sql`UPDATE lever_positions SET opened_at = opened_at - interval '1 hour' WHERE id = ${old.id}`,
      );
      // Followed before both opened.
      await t.app.ctx.db.execute(
        (await import('drizzle-orm'))
          .sql`UPDATE follows SET created_at = created_at - interval '2 hours' WHERE follower_id = ${f.id}`,
      );
      await t.close();
      feed = pushFeed();
      const again = await createTestApp(database(), { market: { manual: true, feed } });
      try {
        again.clock.set(t.clock.now());
        const made = await current(again, f.token);
        expect(made.map((c) => c.trader_position_id)).toEqual([fresh.id]);
        expect(made[0]!.position).toMatchObject({ price: '20000', share: 2 });
        expect((await past(again, f.token))[0]).toMatchObject({ trader_position_id: old.id, skip_reason: 'missed' });
        expect((await checkInvariants(database().db)).ok).toBe(true);
      } finally {
        await again.close();
      }
    });

    it('1,000 followers: the trader’s open and close reach every one', async () => {
      const t = app();
      const admin = await adminUser(t);
      const tr = await trader(t, admin.token);
      await price(t, '20000');
      const ids = await bulkFollowers(t.app.ctx.db, tr.id, 1000, '100', t.clock.now());
      const p = await open(t, tr.token, { share: 1 });
      const db = t.app.ctx.db;
      const { sql } = await import('drizzle-orm');
      const counted = async (q: ReturnType<typeof sql>) =>
        Number(((await db.execute(q)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
      expect(
        await counted(
          sql`SELECT count(*) AS n FROM copy_trades WHERE trader_position_id = ${p.id} AND state = 'copied'`,
        ),
      ).toBe(1000);
      expect(
        await counted(
          sql`SELECT count(*) AS n FROM lever_positions WHERE user_id = ANY(${sql.param(ids)}::int[]) AND status = 'open' AND entry_price = 20000`,
        ),
      ).toBe(1000);
      await price(t, '20050');
      await close(t, tr.token, p.id);
      expect(
        await counted(
          sql`SELECT count(*) AS n FROM lever_positions WHERE user_id = ANY(${sql.param(ids)}::int[]) AND status = 'closed' AND close_price = 20050`,
        ),
      ).toBe(1000);
      await invariantsHold();
    }, 120_000);
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
