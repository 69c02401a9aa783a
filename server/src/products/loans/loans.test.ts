import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as loans from '@contract/loans';
import { notices } from '../../db/schema/index';
import { balanceOf, checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { deposit } from '../../testing/ledger';
import { pushFeed, tick } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';

let feed = pushFeed();

const BTC = 1;
const USDT = 3;
/** The demo BTC terms: 65 % initial, 80 % margin call, 90 % liquidation, 0.0005 % an hour. */
const RATE = '0.000005';

describeEachDatabase(
  'crypto loans API',
  ({ app, database }) => {
    const price = async (t: TestApp, p: string, symbol = 'BTC/USDT') => {
      await tick(t, feed, symbol, p);
      await t.app.products.loans.idle();
    };
    const user = async (t: TestApp, btc = '1', usdt = '0') => {
      const u = await registerUser(t);
      await deposit(t.app.ctx.db, u.user.id, BTC, btc, 'change');
      if (usdt !== '0') await deposit(t.app.ctx.db, u.user.id, USDT, usdt, 'change');
      return { token: u.token, id: u.user.id };
    };
    const post =
      (t: TestApp, e: typeof loans.loanBorrow | typeof loans.loanRepay | typeof loans.loanAddCollateral) =>
      (token: string, body: Record<string, unknown>, key = randomUUID()) =>
        callWithKey(t, e, { lang: 'en', ...body }, { token, key });
    const btcTerms = async (t: TestApp) => {
      const list = okOf(loans.loanTerms, (await t.call(loans.loanTerms, {})).body);
      return list.find((x) => x.collateral_currency_id === BTC)!;
    };
    const borrow = async (t: TestApp, token: string, amount = '6500', collateral = '0.2', term = 30) => {
      const terms = await btcTerms(t);
      return okOf(
        loans.loanBorrow,
        (await post(t, loans.loanBorrow)(token, { terms_id: terms.id, amount, collateral, term })).body,
      );
    };
    const detail = async (t: TestApp, token: string, id: number) =>
      okOf(loans.loanDetail, (await t.call(loans.loanDetail, { id }, { token })).body);
    const change = (t: TestApp, id: number, c: number) => balanceOf(t.app.ctx.db, id, c, 'change');
    const invariants = async () => expect((await checkInvariants(database().db)).problems).toEqual([]);

    it('publishes the terms and quotes a loan with every figure at the live price', async () => {
      const t = app();
      await price(t, '50000');
      const terms = await btcTerms(t);
      expect(terms).toMatchObject({
        initial_ltv: '0.65',
        margin_call_ltv: '0.8',
        liquidation_ltv: '0.9',
        hourly_rate: RATE,
        daily_rate: '0.00012',
        terms: [7, 14, 30, 0],
        price: '50000',
      });
      const q = okOf(loans.loanQuote, (await t.call(loans.loanQuote, { terms_id: terms.id, amount: '6500' })).body);
      expect(q).toMatchObject({
        collateral: '0.2',
        received: '6500',
        hourly_interest: '0.0325',
        daily_interest: '0.78',
        ltv: '0.65',
        margin_call_price: '40625',
        liquidation_price: '36111.11111111',
        allowed: true,
      });
      const short = await t.call(loans.loanQuote, { terms_id: terms.id, amount: '6500', collateral: '0.1' });
      expect(okOf(loans.loanQuote, short.body)).toMatchObject({ ltv: '1.3', allowed: false });
    });

    it('borrows: collateral held, USDT received, the current hour charged; refuses what the terms do not allow', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const terms = await btcTerms(t);
      const b = post(t, loans.loanBorrow);
      const refused = async (body: Record<string, unknown>) => (await b(u.token, { terms_id: terms.id, ...body })).body;
      expect(await refused({ amount: '6500', collateral: '0.19', term: 30 })).toMatchObject({
        type: 'error',
        message: 'Not enough collateral: this loan needs at least 0.2 BTC',
      });
      expect((await refused({ amount: '50', collateral: '0.2' })).type).toBe('error');
      expect((await refused({ amount: '600000', collateral: '100' })).type).toBe('error');
      expect((await refused({ amount: '100', collateral: '0.2', term: 9 })).type).toBe('error');
      expect((await refused({ amount: '6500', collateral: '5' })).message).toContain('Insufficient balance');
      expect((await b(u.token, { terms_id: 999, amount: '100', collateral: '1' })).body.type).toBe('error');
      expect(await change(t, u.id, BTC)).toEqual({ available: '1', held: '0' });

      const loan = await borrow(t, u.token);
      expect(loan).toMatchObject({
        status: 'open',
        collateral: '0.2',
        principal: '6500',
        interest_due: '0.0325',
        debt: '6500.0325',
        term_days: 30,
        ltv: '0.65000325',
        overdue: false,
      });
      expect(loan.due_at).toBe(t.clock.now().getTime() + 30 * DAY);
      expect(await change(t, u.id, BTC)).toEqual({ available: '0.8', held: '0.2' });
      expect(await change(t, u.id, USDT)).toEqual({ available: '6500', held: '0' });
      await invariants();
    });

    it('accrues interest hourly over a simulated month exactly as the formula, once per hour, after downtime too', async () => {
      const t = app();
      t.clock.set(new Date(Date.UTC(2031, 4, 1, 9, 20)));
      await price(t, '50000');
      const u = await user(t);
      // An open term: a fixed one would be settled when it ends (term-end.test.ts).
      const loan = await borrow(t, u.token, '1234.5678', '0.1', 0);
      const perHour = new Decimal('1234.5678').times(RATE).toDecimalPlaces(8, Decimal.ROUND_UP);
      // The first hours one by one, each pass run twice: a second pass charges nothing.
      for (let h = 1; h <= 6; h++) {
        t.clock.advance(HOUR);
        await t.app.ctx.scheduler.runDue();
        await t.app.ctx.scheduler.runDue();
      }
      expect((await detail(t, u.token, loan.id)).interest_due).toBe(perHour.times(7).toFixed());
      // Down for the rest of the month: every missed hour is made up in order.
      t.clock.advance(30 * DAY - 6 * HOUR);
      await t.app.ctx.scheduler.runDue();
      await t.app.ctx.scheduler.runDue();
      const month = await detail(t, u.token, loan.id);
      // Hours 09:00 of day 1 to 09:00 of day 31: 30 x 24 + 1 started hours.
      expect(month.interest_due).toBe(perHour.times(30 * 24 + 1).toFixed());
      expect(month).toMatchObject({ status: 'open', due_at: null, overdue: false });
      await invariants();
    }, 240_000);

    it('repays interest first, then principal; in full it closes and releases the collateral', async () => {
      const t = app();
      t.clock.set(new Date(Date.UTC(2031, 5, 1, 0, 10)));
      await price(t, '50000');
      const u = await user(t, '1', '100');
      const loan = await borrow(t, u.token, '10000', '0.5');
      t.clock.advance(3 * HOUR);
      await t.app.ctx.scheduler.runDue();
      // 4 started hours of 0.05.
      const repay = post(t, loans.loanRepay);
      const first = okOf(loans.loanRepay, (await repay(u.token, { id: loan.id, amount: '0.15' })).body);
      expect(first).toMatchObject({ interest_due: '0.05', interest_paid: '0.15', principal: '10000' });
      const second = okOf(loans.loanRepay, (await repay(u.token, { id: loan.id, amount: '100.05' })).body);
      expect(second).toMatchObject({ interest_due: '0', interest_paid: '0.2', principal: '9900', debt: '9900' });
      const full = okOf(loans.loanRepay, (await repay(u.token, { id: loan.id, amount: '99999' })).body);
      expect(full).toMatchObject({ status: 'repaid', principal: '0', debt: '0', ltv: null, liquidation_price: null });
      expect(await change(t, u.id, BTC)).toEqual({ available: '1', held: '0' });
      // 10,000 received + 100 own - 10,000.2 paid.
      expect(await change(t, u.id, USDT)).toEqual({ available: '99.8', held: '0' });
      const events = (await detail(t, u.token, loan.id)).events.map((e) => [e.kind, e.interest, e.principal]);
      expect(events).toEqual([
        ['repay', '0', '9900'],
        ['repay', '0.05', '100'],
        ['repay', '0.15', '0'],
        ['borrow', null, null],
      ]);
      expect((await repay(u.token, { id: loan.id, amount: '1' })).body).toMatchObject({
        type: 'error',
        message: 'This loan is already repaid or liquidated',
      });
      await invariants();
    });

    it('a margin call notifies once; a price path through the liquidation price liquidates once at the tick', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const loan = await borrow(t, u.token);
      await price(t, '45000');
      await price(t, '40000');
      await price(t, '39000');
      const called = await detail(t, u.token, loan.id);
      expect(called.margin_called_at).not.toBeNull();
      const inbox = async () =>
        (
          await database()
            .db.select({ event: notices.event })
            .from(notices)
            .where(and(eq(notices.userId, u.id), eq(notices.type, 'settlement.loan')))
        ).map((r) => (r.event as { kind: string }).kind);
      expect(await inbox()).toEqual(['margin_call']);
      // Crossing: 36,111.11 is the liquidation price; the first trade at or below it sells.
      t.clock.advance(MINUTE);
      const at = t.clock.now().getTime();
      await price(t, '36000');
      await price(t, '35000');
      await price(t, '36500');
      await price(t, '34000');
      const done = await detail(t, u.token, loan.id);
      expect(done).toMatchObject({
        status: 'liquidated',
        liquidation: { price: '36000', ts: at, source: 'simulated', proceeds: '7200', repaid: '6500.0325' },
      });
      expect(done.liquidation!.returned).toBe('699.9675');
      expect(done.events.filter((e) => e.kind === 'liquidation')).toHaveLength(1);
      expect(await inbox()).toEqual(['margin_call', 'liquidation']);
      expect(await change(t, u.id, BTC)).toEqual({ available: '0.8', held: '0' });
      expect(await change(t, u.id, USDT)).toEqual({ available: '7199.9675', held: '0' });
      expect(t.app.products.loans.liquidations.has(loan.id)).toBe(false);
      await invariants();
    });

    it('more collateral moves the liquidation price down and re-arms the margin call', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const loan = await borrow(t, u.token);
      await price(t, '40000');
      expect((await detail(t, u.token, loan.id)).margin_called_at).not.toBeNull();
      const add = post(t, loans.loanAddCollateral);
      const more = okOf(loans.loanAddCollateral, (await add(u.token, { id: loan.id, amount: '0.2' })).body);
      expect(more).toMatchObject({ collateral: '0.4', margin_called_at: null, liquidation_price: '18055.64583333' });
      await price(t, '36000');
      expect((await detail(t, u.token, loan.id)).status).toBe('open');
      expect(await change(t, u.id, BTC)).toEqual({ available: '0.6', held: '0.4' });
      await invariants();
    });

    it("answers another user's loan like a missing one, and refuses bad input", async () => {
      const t = app();
      await price(t, '50000');
      const a = await user(t);
      const b = await user(t, '1', '10000');
      const loan = await borrow(t, a.token);
      const missing = { type: 'error', message: 'The record does not exist' };
      expect((await t.call(loans.loanDetail, { id: loan.id }, { token: b.token, lang: 'en' })).body).toEqual(missing);
      expect((await post(t, loans.loanRepay)(b.token, { id: loan.id, amount: '10' })).body).toEqual(missing);
      expect((await post(t, loans.loanAddCollateral)(b.token, { id: loan.id, amount: '0.1' })).body).toEqual(missing);
      const list = okOf(loans.loanList, (await t.call(loans.loanList, {}, { token: b.token })).body);
      expect(list.total).toBe(0);
      for (const body of [
        { id: loan.id, amount: '-1' },
        { id: loan.id, amount: 'abc' },
        { id: loan.id, amount: '0' },
        { id: 'x', amount: '1' },
        { id: 2 ** 31, amount: '1' },
        { amount: '1' },
      ]) {
        expect((await post(t, loans.loanRepay)(a.token, body)).body.type, JSON.stringify(body)).toBe('error');
      }
      expect(
        (await post(t, loans.loanBorrow)(a.token, { terms_id: 1, amount: '1e3', collateral: '1' })).body.type,
      ).toBe('error');
      expect((await t.call(loans.loanList, {})).body.type).toBe('999');
      expect(await change(t, b.id, USDT)).toEqual({ available: '10000', held: '0' });
      await invariants();
    });

    it('bursts: one key applies once; concurrent repayments never pay more than the debt', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t, '1', '10000');
      const terms = await btcTerms(t);
      const key = randomUUID();
      const b = post(t, loans.loanBorrow);
      const same = await Promise.all(
        Array.from({ length: 6 }, () => b(u.token, { terms_id: terms.id, amount: '1000', collateral: '0.05' }, key)),
      );
      expect(new Set(same.map((r) => JSON.stringify(r.body))).size).toBe(1);
      // Different keys: as many loans as the collateral allows (0.95 BTC left: 19 of 0.05).
      const many = await Promise.all(
        Array.from({ length: 25 }, () => b(u.token, { terms_id: terms.id, amount: '1000', collateral: '0.05' })),
      );
      expect(many.filter((r) => r.body.type === 'ok')).toHaveLength(19);
      expect(await change(t, u.id, BTC)).toEqual({ available: '0', held: '1' });
      const loan = okOf(loans.loanBorrow, same[0]!.body);
      const repay = post(t, loans.loanRepay);
      const paid = await Promise.all(Array.from({ length: 8 }, () => repay(u.token, { id: loan.id, amount: '400' })));
      expect(paid.filter((r) => r.body.type === 'ok').length).toBeGreaterThanOrEqual(3);
      const end = await detail(t, u.token, loan.id);
      expect(end).toMatchObject({ status: 'repaid', principal: '0', interest_due: '0' });
      const repaid = end.events.filter((e) => e.kind === 'repay').reduce((s, e) => s.plus(e.amount!), new Decimal(0));
      expect(repaid.toFixed()).toBe('1000.005');
      await invariants();
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
