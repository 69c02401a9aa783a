import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as loans from '@contract/loans';
import { notices } from '../../db/schema/index';
import { balanceOf, checkInvariants, inTransaction } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { deposit } from '../../testing/ledger';
import { describeEachDatabase } from '../../testing/suite';
import { pushFeed, tick } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';
import { feedTick } from './runtime';
import { settleOverdue } from './service';

let feed = pushFeed();

const BTC = 1;
const USDT = 3;
const RATE = '0.000005';

describeEachDatabase(
  'fixed-term loans at the end of their term',
  ({ app, database }) => {
    const price = async (t: TestApp, p: string) => {
      await tick(t, feed, 'BTC/USDT', p);
      await t.app.products.loans.idle();
    };
    const borrower = async (t: TestApp) => {
      const u = await registerUser(t);
      await deposit(t.app.ctx.db, u.user.id, BTC, '1', 'change');
      return { token: u.token, id: u.user.id };
    };
    const borrow = async (t: TestApp, token: string, term: number) => {
      const list = okOf(loans.loanTerms, (await t.call(loans.loanTerms, {})).body);
      const terms = list.find((x) => x.collateral_currency_id === BTC)!;
      const body = { lang: 'en', terms_id: terms.id, amount: '6500', collateral: '0.2', term };
      return okOf(loans.loanBorrow, (await callWithKey(t, loans.loanBorrow, body, { token, key: randomUUID() })).body);
    };
    const detail = async (t: TestApp, token: string, id: number) =>
      okOf(loans.loanDetail, (await t.call(loans.loanDetail, { id }, { token })).body);
    const change = (t: TestApp, id: number, c: number) => balanceOf(t.app.ctx.db, id, c, 'change');
    const pass = async (t: TestApp, ms = MINUTE) => {
      t.clock.advance(ms);
      await t.app.ctx.scheduler.runDue();
    };

    it('sells the collateral at the feed price when the term ends, once, and returns the rest', async () => {
      const t = app();
      t.clock.set(new Date(Date.UTC(2035, 2, 1, 8, 30)));
      await price(t, '50000');
      const u = await borrower(t);
      const loan = await borrow(t, u.token, 7);
      const open = await borrow(t, u.token, 0);
      // A minute before the end nothing happens (the hourly interest catches up meanwhile).
      await pass(t, 7 * DAY - 2 * MINUTE);
      await price(t, '52000');
      await pass(t);
      expect((await detail(t, u.token, loan.id)).status).toBe('open');
      // The term ends: the next minute's pass sells the 0.2 BTC at 52,000.
      await pass(t);
      await price(t, '52000');
      await pass(t);
      const end = await detail(t, u.token, loan.id);
      // Hours 08:00 of day 1 to 08:00 of day 8: 7 x 24 + 1 started hours of 0.0325.
      const interest = new Decimal('6500').times(RATE).times(7 * 24 + 1);
      const debt = interest.plus(6500);
      expect(end).toMatchObject({ status: 'liquidated', overdue: false });
      expect(end.liquidation).toMatchObject({
        price: '52000',
        proceeds: '10400',
        repaid: debt.toFixed(),
        returned: new Decimal(10400).minus(debt).toFixed(),
      });
      expect(end.events.filter((e) => e.kind === 'liquidation')).toHaveLength(1);
      expect(await change(t, u.id, BTC)).toEqual({ available: '0.6', held: '0.2' });
      expect((await change(t, u.id, USDT)).available).toBe(new Decimal(13000).plus(10400).minus(debt).toFixed());
      const told = await database()
        .db.select({ event: notices.event })
        .from(notices)
        .where(and(eq(notices.userId, u.id), eq(notices.type, 'settlement.loan')));
      expect(told.map((n) => (n.event as { kind: string; loan_id: number }).loan_id)).toEqual([loan.id]);
      // The open-term loan runs on.
      expect((await detail(t, u.token, open.id)).status).toBe('open');

      // Later passes, and a pass of a restarted process over the same time, change nothing.
      const before = await change(t, u.id, USDT);
      await price(t, '30000');
      await pass(t);
      await pass(t, HOUR);
      const again = await inTransaction(database().db, (tx) =>
        settleOverdue(tx, t.clock.now(), (row) => feedTick(t.app.ctx.market, row)),
      );
      expect(again).toEqual([]);
      expect(await change(t, u.id, USDT)).toEqual(before);
      expect((await detail(t, u.token, loan.id)).events.filter((e) => e.kind === 'liquidation')).toHaveLength(1);
      expect((await checkInvariants(database().db)).problems).toEqual([]);
      // A week of hourly interest passes, each hour caught up in order.
    }, 180_000);

    it('waits for a live price: past its term without one the loan stays open, then sells on the first', async () => {
      const t = app();
      t.clock.set(new Date(Date.UTC(2035, 5, 1, 0, 5)));
      await price(t, '50000');
      const u = await borrower(t);
      const loan = await borrow(t, u.token, 14);
      t.clock.advance(14 * DAY + MINUTE);
      const settle = (tickOf: Parameters<typeof settleOverdue>[2]) =>
        inTransaction(database().db, (tx) => settleOverdue(tx, t.clock.now(), tickOf));
      // No live price (the feed is silent): no sale.
      expect(await settle(() => null)).toEqual([]);
      expect(await detail(t, u.token, loan.id)).toMatchObject({ status: 'open', overdue: true });
      const [sold] = await settle(() => ({ price: '48000', ts: t.clock.now().getTime(), source: 'test' }));
      expect(sold).toMatchObject({ id: loan.id, status: 'liquidated' });
      const end = await detail(t, u.token, loan.id);
      expect(end.liquidation).toMatchObject({ price: '48000', proceeds: '9600', source: 'test' });
      expect(await change(t, u.id, BTC)).toEqual({ available: '0.8', held: '0' });
      expect(await settle(() => ({ price: '1', ts: 0, source: 'test' }))).toEqual([]);
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
