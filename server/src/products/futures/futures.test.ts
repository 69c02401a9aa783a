import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema/index';
import * as lever from '@contract/futures';
import { checkInvariants, systemBalance, balanceOf } from '../../ledger/index';
import { deposit } from '../../testing/ledger';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { DAY, SECOND } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { pushFeed, tick } from '../../testing/trade';
import { clientFactory, collect, listen, nextEvent } from '../../testing/socket-client';

const clients = clientFactory();
afterEach(() => clients.closeAll());

let feed = pushFeed();

const BTC = { currency_id: 1, legal_id: 3 };
const USDT = 3;
/** 1 BTC (1,000 lots of 0.001) at 20,000 with 50x: margin 400, fee 10, liquidation 19,700 (long). */
const ONE_BTC = { ...BTC, share: 1000, multiple: 50, status: 1 };

describeEachDatabase(
  'futures (lever) API',
  ({ app, database }) => {
    const submit = (t: TestApp, token: string, body: Record<string, unknown>, key = randomUUID()) =>
      callWithKey(t, lever.leverSubmit, { lang: 'en', ...body }, { token, key });
    const open = async (t: TestApp, token: string, body: Record<string, unknown>) =>
      okOf(lever.leverSubmit, (await submit(t, token, body)).body);
    const call = <E extends (typeof lever)[keyof typeof lever]>(
      t: TestApp,
      endpoint: E & { path: string },
      token: string,
      body: Record<string, unknown>,
      key = randomUUID(),
    ) => callWithKey(t, endpoint as never, { lang: 'en', ...body }, { token, key });
    const error = (message: unknown) => ({ type: 'error', message });
    const price = async (t: TestApp, p: string) => {
      await tick(t, feed, 'BTC/USDT', p);
      await t.app.products.futures.idle();
    };
    const user = async (t: TestApp, usdt: string) => {
      const u = await registerUser(t);
      await deposit(t.app.ctx.db, u.user.id, USDT, usdt, 'lever');
      return { token: u.token, id: u.user.id };
    };
    const history = async (t: TestApp, token: string) =>
      okOf(lever.leverMyTrade, (await t.call(lever.leverMyTrade, { status: 2, limit: 100 }, { token })).body);
    const lev = (t: TestApp, id: number) => balanceOf(t.app.ctx.db, id, USDT, 'lever');
    const system = async (name: 'house' | 'fees' | 'insurance') =>
      Number((await systemBalance(database().db, name, USDT)).available);

    it('opens at the feed price with the worked example: margin 400, fee 10, liquidation 19,700', async () => {
      const t = app();
      const u = await user(t, '1000');
      await price(t, '20000');
      const deal = okOf(lever.leverDeal, (await t.call(lever.leverDeal, BTC, { token: u.token })).body);
      expect(deal).toMatchObject({ lot_size: '0.001', multiples: [5, 10, 20, 50, 100], balance: '1000' });
      expect(deal).toMatchObject({ last_price: '20000', stale: false, fee_rate: '0.0005', maintenance_rate: '0.005' });
      const long = await open(t, u.token, { ...ONE_BTC, type: 1 });
      expect(long).toMatchObject({
        status: 'open',
        type: 1,
        price: '20000',
        number: '1',
        caution_money: '400',
        open_fee: '10',
        liquidation_price: '19700',
        hazard_rate: '400.00',
        profits: '0',
      });
      expect(await lev(t, u.id)).toEqual({ available: '590', held: '400' });
      await price(t, '20100');
      const tickAt = t.clock.now().getTime();
      const list = okOf(lever.leverDealAll, (await t.call(lever.leverDealAll, {}, { token: u.token })).body);
      expect(list.data[0]).toMatchObject({ id: long.id, update_price: '20100', profits: '100' });
      // Equity 500 / maintenance at mark 100.5 = 497.51 %.
      expect(list.totals).toMatchObject({ caution_money: '400', profits: '100', hazard_rate: '497.51', open_count: 1 });
      const short = await open(t, u.token, { ...BTC, share: 100, multiple: 10, status: 1, type: 2 });
      // 0.1 BTC at 20,100, 10x: margin 201, MM 10.05, liquidation 20,100 + 190.95 / 0.1 = 22,009.5.
      expect(short).toMatchObject({ caution_money: '201', open_fee: '1.005', liquidation_price: '22009.5' });
      t.clock.advance(2 * SECOND);
      const closed = okOf(lever.leverClose, (await call(t, lever.leverClose, u.token, { id: long.id })).body);
      // Profit 100, close fee 10.05: 400 + 100 - 10.05 back.
      expect(closed).toMatchObject({ status: 'closed', close_reason: 'user', close_price: '20100', profits: '100' });
      // The close records the feed tick it used (its time and feed) beside the server's time.
      expect(closed).toMatchObject({ close_price_at: tickAt, close_source: 'simulated' });
      expect(Date.parse(closed.close_time!)).toBe(tickAt + 2 * SECOND);
      const [stored] = (await history(t, u.token)).data;
      expect(stored).toMatchObject({ id: long.id, close_price_at: tickAt, close_source: 'simulated' });
      expect(closed).toMatchObject({ close_fee: '10.05', trade_fee: '20.05', returned: '489.95' });
      expect(await lev(t, u.id)).toEqual({ available: '877.945', held: '201' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('refuses bad input with field messages and changes no balance', async () => {
      const t = app();
      const u = await user(t, '100');
      await price(t, '20000');
      const body = { ...ONE_BTC, type: 1, share: 1 };
      expect((await submit(t, u.token, { ...body, multiple: 7 })).body).toEqual(
        error('Leverage must be one of 5, 10, 20, 50, 100'),
      );
      expect((await submit(t, u.token, { ...body, share: 0 })).body).toEqual(error('Lots is invalid'));
      expect((await submit(t, u.token, { ...body, share: 10001 })).body).toEqual(
        error('Lots must be between 1 and 10000 lots'),
      );
      expect((await submit(t, u.token, { ...body, type: 3 })).body).toEqual(error('Type is invalid'));
      expect((await submit(t, u.token, { ...body, status: 0 })).body).toEqual(error('Price is required'));
      expect((await submit(t, u.token, { ...body, currency_id: 15 })).body).toEqual(
        error('Futures are not offered on this pair'),
      );
      expect((await submit(t, u.token, { ...body, target_profit_price: '19999' })).body).toEqual(
        error('Take-profit price must be above the entry price 20000 and the current price 20000'),
      );
      expect((await submit(t, u.token, { ...body, stop_loss_price: '19000' })).body).toEqual(
        error('Stop-loss price must be below the current price 20000 and above the liquidation price 19700'),
      );
      expect((await submit(t, u.token, { ...body, type: 2, stop_loss_price: '19990' })).body).toEqual(
        error('Stop-loss price must be above the current price 20000 and below the liquidation price 20300'),
      );
      expect((await submit(t, u.token, { ...body, target_profit_price: '20500.001' })).body).toEqual(
        error('Take-profit price must be a multiple of the price step 0.01'),
      );
      expect((await submit(t, u.token, { ...body, status: 0, target_price: '20100' })).body).toEqual(
        error('Price of a long limit open must be below the current price 20000; use a market open otherwise'),
      );
      expect((await submit(t, u.token, { ...body, share: 1000 })).body).toEqual(
        error(
          'Insufficient balance: 410 USDT is needed (margin and fee) and 100 USDT is available in your futures account',
        ),
      );
      const noKey = await t.app.inject({
        method: 'POST',
        url: '/api/lever/submit',
        headers: { authorization: u.token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(noKey.json()).toEqual(error(expect.stringContaining('Idempotency-Key')));
      expect(await lev(t, u.id)).toEqual({ available: '100', held: '0' });
      expect((await history(t, u.token)).data).toEqual([]);
    });

    it('takes lots and leverage only as a JSON integer or its decimal digits', async () => {
      const t = app();
      const u = await user(t, '100');
      await price(t, '20000');
      const body = { ...ONE_BTC, type: 1, share: 1 };
      const json = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/lever/submit?lang=en',
          headers: { authorization: u.token, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload: JSON.stringify(payload),
        });
      // Hexadecimal, binary, exponents, signs, "2.0", padding and leading zeros are not a count.
      for (const spelled of ['0x10', '0b11', '1e1', '+5', '2.0', ' 7 ', '010', '']) {
        expect((await submit(t, u.token, { ...body, share: spelled })).body, spelled).toEqual(error('Lots is invalid'));
        expect((await submit(t, u.token, { ...body, multiple: spelled })).body, spelled).toEqual(
          error('Leverage is invalid'),
        );
      }
      for (const sent of [true, '0x5', 1.5, [1], null]) {
        expect((await json({ ...body, share: sent })).json(), String(sent)).toEqual(
          error(sent === null ? 'Lots is required' : 'Lots is invalid'),
        );
      }
      expect((await json({ ...body, multiple: true })).json()).toEqual(error('Leverage is invalid'));
      expect(await lev(t, u.id)).toEqual({ available: '100', held: '0' });
      // The forms the app sends: digits in a form body, integers in JSON.
      const opened = [
        okOf(lever.leverSubmit, (await submit(t, u.token, { ...body, share: '1', multiple: '50' })).body),
        okOf(lever.leverSubmit, (await json({ ...body, share: 1, multiple: 50 })).json()),
      ];
      // Closed again: left open, a later test's prices would liquidate them into its insurance sums.
      for (const p of opened) {
        const closed = await call(t, lever.leverClose, u.token, { id: p.id });
        expect(okOf(lever.leverClose, closed.body)).toMatchObject({ status: 'closed' });
      }
    });

    it('refuses an open over the house cap on its side with what is left', async () => {
      const t = app();
      const u = await user(t, '25000');
      await tick(t, feed, 'BCH/USDT', '500');
      const BCH = { currency_id: 14, legal_id: 3 };
      // 10,000 lots of 0.2 BCH at 500 = 1,000,000 USDT: the whole long cap of BCH/USDT.
      const big = await open(t, u.token, { ...BCH, share: 10000, multiple: 100, status: 1, type: 1 });
      expect(big).toMatchObject({ symbol: 'BCH/USDT', number: '2000', caution_money: '10000' });
      expect((await submit(t, u.token, { ...BCH, share: 1, multiple: 100, status: 1, type: 1 })).body).toEqual(
        error(
          'The house cannot take more long positions on BCH/USDT at the moment: 0.00 USDT of position value is left on this side',
        ),
      );
      const deal = okOf(lever.leverDeal, (await t.call(lever.leverDeal, BCH, { token: u.token })).body);
      expect(deal.house_long).toEqual({ cap: '1000000', used: '1000000', left: '0' });
      expect(deal.house_short).toEqual({ cap: '1000000', used: '0', left: '1000000' });
      // The other side is free.
      expect((await submit(t, u.token, { ...BCH, share: 1, multiple: 100, status: 1, type: 2 })).body.type).toBe('ok');
      expect((await call(t, lever.leverBatchClose, u.token, { type: 0 })).body.type).toBe('ok');
      expect(await lev(t, u.id)).toMatchObject({ held: '0' });
    });

    it('answers another user’s position exactly like a missing one', async () => {
      const t = app();
      const alice = await user(t, '1000');
      const bob = await user(t, '1000');
      await price(t, '20000');
      const mine = await open(t, alice.token, { ...ONE_BTC, type: 1 });
      for (const endpoint of [lever.leverClose, lever.leverCancel, lever.leverSetStop] as const) {
        const theirs = await call(t, endpoint, bob.token, { id: mine.id });
        const missing = await call(t, endpoint, bob.token, { id: mine.id + 1000 });
        expect(theirs.body).toEqual(error('The position does not exist'));
        expect(missing.body).toEqual(theirs.body);
      }
      const bobs = okOf(lever.leverMyTrade, (await t.call(lever.leverMyTrade, {}, { token: bob.token })).body);
      expect(bobs.data).toEqual([]);
      expect(await lev(t, alice.id)).toEqual({ available: '590', held: '400' });
      // Closed by its owner (and out of the way of the next tests' prices on this database).
      expect((await call(t, lever.leverClose, alice.token, { id: mine.id })).body.type).toBe('ok');
    });

    it('closes on take-profit, stop-loss and liquidation once each, at the first price through them', async () => {
      const t = app();
      const u = await user(t, '5000');
      await price(t, '20000');
      const tp = await open(t, u.token, { ...ONE_BTC, type: 1, target_profit_price: '20500' });
      const sl = await open(t, u.token, { ...ONE_BTC, type: 1, stop_loss_price: '19900' });
      const liq = await open(t, u.token, { ...ONE_BTC, type: 1 });
      const shortLiq = await open(t, u.token, { ...ONE_BTC, type: 2, target_profit_price: '19000' });
      const insurance0 = await system('insurance');
      const house0 = await system('house');
      await price(t, '20100');
      expect((await history(t, u.token)).data).toEqual([]);
      await price(t, '20300');
      await price(t, '20499.99');
      expect((await history(t, u.token)).data.map((p) => p.id)).toEqual([shortLiq.id]);
      const tpTickAt = t.clock.now().getTime();
      await price(t, '20500.5');
      t.clock.advance(SECOND);
      await price(t, '20450');
      await price(t, '19950');
      await price(t, '19899');
      await price(t, '19800');
      await price(t, '19700');
      await price(t, '19700');
      const closed = (await history(t, u.token)).data;
      const byId = new Map(closed.map((p) => [p.id, p]));
      expect(closed).toHaveLength(4);
      expect(byId.get(tp.id)).toMatchObject({ close_reason: 'take_profit', close_price: '20500.5', profits: '500.5' });
      // A trigger's close records the tick that set it off.
      expect(byId.get(tp.id)).toMatchObject({ close_price_at: tpTickAt, close_source: 'simulated' });
      expect(byId.get(sl.id)).toMatchObject({ close_reason: 'stop_loss', close_price: '19899', profits: '-101' });
      expect(byId.get(liq.id)).toMatchObject({ close_reason: 'liquidation', close_price: '19700', profits: '-300' });
      expect(byId.get(liq.id)).toMatchObject({ close_fee: '9.85', returned: '0', closed_after_restart: false });
      expect(byId.get(shortLiq.id)).toMatchObject({ close_reason: 'liquidation', close_price: '20300' });
      // What was left of each liquidated margin went to insurance: 400 - 300 - 9.85 and 400 - 300 - 10.15.
      expect((await system('insurance')) - insurance0).toBeCloseTo(90.15 + 89.85, 8);
      // The house paid the take-profit's 500.5 and received 101 + 300 + 300.
      expect((await system('house')) - house0).toBeCloseTo(-500.5 + 101 + 300 + 300, 8);
      // Each closed once: one close transaction per position.
      const [closes] = await database()
        .db.select({ n: count() })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.userId, u.id),
            inArray(ledgerTransactions.kind, ['lever_close', 'lever_liquidation']),
          ),
        );
      expect(closes?.n).toBe(4);
      expect(await lev(t, u.id)).toMatchObject({ held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('closes a position once when its trigger and its owner close it at the same moment', async () => {
      const t = app();
      const u = await user(t, '1000');
      await price(t, '20000');
      const p = await open(t, u.token, { ...ONE_BTC, type: 1, target_profit_price: '20500' });
      const [, closing] = await Promise.all([price(t, '20500'), call(t, lever.leverClose, u.token, { id: p.id })]);
      await t.app.products.futures.idle();
      const [closed] = (await history(t, u.token)).data;
      expect(closed).toMatchObject({ id: p.id, status: 'closed' });
      // Whoever came second found it closed: the owner is told so, the trigger does nothing.
      if (closing.body.type === 'error') {
        expect(closing.body).toEqual(error('This position is not open'));
        expect(closed).toMatchObject({ close_reason: 'take_profit', close_price: '20500' });
      } else {
        expect(closed?.close_reason).toBe('user');
      }
      const [closes] = await database()
        .db.select({ n: count() })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.userId, u.id), eq(ledgerTransactions.kind, 'lever_close')));
      expect(closes?.n).toBe(1);
      expect(await lev(t, u.id)).toEqual({ available: expect.any(String), held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('opens a limit order when the feed reaches its price, cancels a pending one, and replays a key once', async () => {
      const t = app();
      const u = await user(t, '1000');
      await price(t, '20000');
      const limit = { ...BTC, share: 100, multiple: 10, type: 1, status: 0, target_price: '19500' };
      const key = randomUUID();
      const pending = okOf(lever.leverSubmit, (await submit(t, u.token, limit, key)).body);
      const again = okOf(lever.leverSubmit, (await submit(t, u.token, limit, key)).body);
      expect(again.id).toBe(pending.id);
      // 0.1 BTC at 19,500, 10x: margin 195 and fee 0.975 held.
      expect(pending).toMatchObject({ status: 'pending', price: '19500', target_price: '19500', caution_money: '195' });
      expect(await lev(t, u.id)).toEqual({ available: '804.025', held: '195.975' });
      const other = await open(t, u.token, { ...limit, target_price: '19000' });
      const cancelled = okOf(lever.leverCancel, (await call(t, lever.leverCancel, u.token, { id: other.id })).body);
      expect(cancelled.status).toBe('cancelled');
      expect((await call(t, lever.leverCancel, u.token, { id: other.id })).body).toEqual(
        error('This order is no longer pending: it was filled or cancelled'),
      );
      await price(t, '19600');
      expect(
        okOf(lever.leverMyTrade, (await t.call(lever.leverMyTrade, {}, { token: u.token })).body).data[0],
      ).toMatchObject({
        id: pending.id,
        status: 'pending',
      });
      await price(t, '19480');
      const now = okOf(lever.leverDealAll, (await t.call(lever.leverDealAll, {}, { token: u.token })).body).data;
      expect(now).toEqual([expect.objectContaining({ id: pending.id, status: 'open', price: '19500', profits: '-2' })]);
      expect(await lev(t, u.id)).toEqual({ available: '804.025', held: '195' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('sets and clears stops, validated against entry, current and liquidation price; batch closes by side', async () => {
      const t = app();
      const u = await user(t, '5000');
      await price(t, '20000');
      const long = await open(t, u.token, { ...ONE_BTC, type: 1 });
      // 10x: liquidation 21,900, out of this test's way.
      const short = await open(t, u.token, { ...ONE_BTC, type: 2, multiple: 10 });
      await price(t, '20200');
      expect((await call(t, lever.leverSetStop, u.token, { id: long.id, target_profit_price: '20100' })).body).toEqual(
        error('Take-profit price must be above the entry price 20000 and the current price 20200'),
      );
      expect((await call(t, lever.leverSetStop, u.token, { id: long.id, stop_loss_price: '19650' })).body).toEqual(
        error('Stop-loss price must be below the current price 20200 and above the liquidation price 19700'),
      );
      const set = okOf(
        lever.leverSetStop,
        (
          await call(t, lever.leverSetStop, u.token, {
            id: long.id,
            target_profit_price: '20300',
            stop_loss_price: '19800',
          })
        ).body,
      );
      expect(set).toMatchObject({ target_profit_price: '20300', stop_loss_price: '19800' });
      const cleared = okOf(
        lever.leverSetStop,
        (await call(t, lever.leverSetStop, u.token, { id: long.id, target_profit_price: '20400', stop_loss_price: '' }))
          .body,
      );
      expect(cleared).toMatchObject({ target_profit_price: '20400', stop_loss_price: null });
      // The old take-profit no longer fires.
      await price(t, '20300');
      expect((await history(t, u.token)).data).toEqual([]);
      const batch = okOf(lever.leverBatchClose, (await call(t, lever.leverBatchClose, u.token, { type: 2 })).body);
      expect(batch.closed.map((p) => [p.id, p.close_reason])).toEqual([[short.id, 'batch']]);
      await price(t, '20400');
      expect((await history(t, u.token)).data.map((p) => [p.id, p.close_reason])).toEqual([
        [short.id, 'batch'],
        [long.id, 'take_profit'],
      ]);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('charges the overnight fee once per position and day, from the margin', async () => {
      const t = app();
      const u = await user(t, '1000');
      await price(t, '20000');
      const p = await open(t, u.token, { ...ONE_BTC, type: 1 });
      const midnight = Math.floor(t.clock.now().getTime() / DAY + 1) * DAY;
      t.clock.set(new Date(midnight + 1000));
      await price(t, '20000');
      await price(t, '20000');
      const [charged] = okOf(lever.leverDealAll, (await t.call(lever.leverDealAll, {}, { token: u.token })).body).data;
      // 20,000 x 0.03 % = 6 from the margin; the liquidation price moves up by 6 / 1 BTC.
      expect(charged).toMatchObject({
        id: p.id,
        overnight_money: '6',
        caution_money: '394',
        liquidation_price: '19706',
      });
      expect(await lev(t, u.id)).toEqual({ available: '590', held: '394' });
      t.clock.advance(DAY / 2);
      await price(t, '20000');
      expect(
        okOf(lever.leverDealAll, (await t.call(lever.leverDealAll, {}, { token: u.token })).body).data[0],
      ).toMatchObject({
        overnight_money: '6',
      });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('opens exactly 50 of 100 concurrent opens when the balance covers 50', async () => {
      const t = app();
      // 1 lot: 0.001 BTC at 20,000, 10x: margin 2, fee 0.01.
      const u = await user(t, '100.5');
      await price(t, '20000');
      const replies = await Promise.all(
        Array.from({ length: 100 }, () => submit(t, u.token, { ...BTC, share: 1, multiple: 10, status: 1, type: 1 })),
      );
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(50);
      expect(replies.filter((r) => r.body.type === 'error')).toHaveLength(50);
      expect(await lev(t, u.id)).toEqual({ available: '0', held: '100' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('tells the owner about changes at most once a second, and nobody else', async () => {
      const t = app();
      const url = await listen(t.app);
      const alice = await user(t, '2000');
      const bob = await user(t, '10');
      await price(t, '20000');
      const aliceSocket = await clients.connect(url);
      expect(await aliceSocket.emitWithAck('login', { token: alice.token })).toMatchObject({ type: 'ok' });
      const bobSocket = await clients.connect(url);
      expect(await bobSocket.emitWithAck('login', { token: bob.token })).toMatchObject({ type: 'ok' });
      const bobSees = collect(bobSocket, 2500);
      const first = nextEvent(aliceSocket, 'lever_trade');
      const a = await open(t, alice.token, { ...ONE_BTC, type: 1 });
      expect(await first).toEqual({
        type: 'lever_trade',
        kinds: ['opened'],
        ids: [a.id],
        open_count: 1,
        pending_count: 0,
        hazard_rate: '400.00',
      });
      const firstAt = Date.now();
      const second = nextEvent(aliceSocket, 'lever_trade');
      await call(t, lever.leverClose, alice.token, { id: a.id });
      const b = await open(t, alice.token, { ...ONE_BTC, type: 2 });
      // Both changes in one event, a second after the first (less the first one's delivery).
      expect(await second).toEqual({
        type: 'lever_trade',
        kinds: ['closed', 'opened'],
        ids: [a.id, b.id],
        open_count: 1,
        pending_count: 0,
        hazard_rate: '400.00',
      });
      expect(Date.now() - firstAt).toBeGreaterThanOrEqual(900);
      expect(await collect(aliceSocket, 1200)).toEqual([]);
      expect(await bobSees).toEqual([]);
      await call(t, lever.leverClose, alice.token, { id: b.id });
    });

    it('closes a trigger crossed while the server was down at the first price after the restart', async () => {
      const t = app();
      const u = await user(t, '1000');
      await price(t, '20000');
      const p = await open(t, u.token, { ...ONE_BTC, type: 1, target_profit_price: '20500' });
      await t.close();
      feed = pushFeed();
      const again = await createTestApp(database(), { market: { manual: true, feed } });
      try {
        expect(again.app.products.futures.index.has(p.id)).toBe(true);
        await price(again, '20650');
        const [closed] = (await history(again, u.token)).data;
        expect(closed).toMatchObject({ id: p.id, close_reason: 'take_profit', close_price: '20650' });
        expect(closed).toMatchObject({ closed_after_restart: true, profits: '650' });
        expect((await checkInvariants(database().db)).ok).toBe(true);
      } finally {
        await again.close();
      }
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
