import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as loans from '@contract/loans';
import { loanEvents, loans as loanRows } from '../../db/schema/index';
import { checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { deposit } from '../../testing/ledger';
import { pushFeed, tick } from '../../testing/trade';
import { describeTwoApps } from '../../testing/two-apps';
import { callWithKey, okOf } from '../../testing/wallet';

/**
 * Two apps on one database stand for two server processes: loans taken and changed through A's
 * API are watched by B's watcher (database notifications) at their prices as they are now, and
 * a liquidation or margin call both watchers reach on the same price happens once.
 */
const feeds = { a: pushFeed(), b: pushFeed() };
const BTC = 1;

describeTwoApps(
  'crypto loans across two processes',
  ({ a, b, database, link }) => {
    const price = async (t: TestApp, which: 'a' | 'b', p: string) => {
      await tick(t, feeds[which], 'BTC/USDT', p);
      await t.app.products.loans.idle();
    };
    const both = (p: string) => Promise.all([price(a(), 'a', p), price(b(), 'b', p)]);
    const post = async (
      endpoint: typeof loans.loanBorrow | typeof loans.loanAddCollateral,
      token: string,
      body: object,
    ) => (await callWithKey(a(), endpoint, { lang: 'en', ...body }, { token, key: randomUUID() })).body;
    /** 6,500 USDT on 0.2 BTC at 50,000: margin call at 40,625, liquidation at about 36,111. */
    const borrowed = async () => {
      const u = await registerUser(a());
      await deposit(database().db, u.user.id, BTC, '1', 'change');
      const terms = okOf(loans.loanTerms, (await a().call(loans.loanTerms, {})).body).find(
        (x) => x.collateral_currency_id === BTC,
      )!;
      const body = { terms_id: terms.id, amount: '6500', collateral: '0.2', term: 30 };
      return { token: u.token, loan: okOf(loans.loanBorrow, await post(loans.loanBorrow, u.token, body)) };
    };
    const status = async (id: number) =>
      (await database().db.select().from(loanRows).where(eq(loanRows.id, id)))[0]?.status;
    const events = async (id: number, kind: 'margin_call' | 'liquidation') =>
      (
        await database()
          .db.select()
          .from(loanEvents)
          .where(and(eq(loanEvents.loanId, id), eq(loanEvents.kind, kind)))
      ).length;

    it('a loan taken through A is liquidated on B’s tick', async () => {
      await both('50000');
      const { loan } = await borrowed();
      await b().app.products.loans.synced();
      expect(b().app.products.loans.liquidations.has(loan.id)).toBe(true);
      await price(b(), 'b', '36000');
      expect(await status(loan.id)).toBe('liquidated');
      expect(await events(loan.id, 'liquidation')).toBe(1);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('collateral added through A moves B’s liquidation price; a gap makes B reload', async () => {
      await both('50000');
      const { token, loan } = await borrowed();
      await b().app.products.loans.synced();
      link().cut();
      const added = await post(loans.loanAddCollateral, token, { id: loan.id, amount: '0.2' });
      expect(added.type).toBe('ok');
      // B has not heard of it: its index still says 36,111, but the locked row decides.
      await price(b(), 'b', '36000');
      expect(await status(loan.id)).toBe('open');
      link().restore();
      await b().app.products.loans.idle();
      // Reloaded at the new price (about 18,055): nothing fires above it.
      await price(b(), 'b', '35000');
      expect(await status(loan.id)).toBe('open');
      expect(await events(loan.id, 'liquidation')).toBe(0);
    });

    it('both watchers reach a margin call and a liquidation on the same prices: each happens once', async () => {
      await both('50000');
      const { loan } = await borrowed();
      await Promise.all([a().app.products.loans.synced(), b().app.products.loans.synced()]);
      await both('40000');
      expect(await events(loan.id, 'margin_call')).toBe(1);
      await both('36000');
      expect(await status(loan.id)).toBe('liquidated');
      expect(await events(loan.id, 'liquidation')).toBe(1);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  (which) => {
    feeds[which] = pushFeed();
    return { market: { manual: true, feed: feeds[which] } };
  },
);
