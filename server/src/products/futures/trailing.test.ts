import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { leverPositions, ledgerTransactions, notices } from '../../db/schema/index';
import * as lever from '@contract/futures';
import { checkInvariants, balanceOf } from '../../ledger/index';
import { deposit } from '../../testing/ledger';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { pushFeed, tick } from '../../testing/trade';

let feed = pushFeed();

const BTC = { currency_id: 1, legal_id: 3 };
const USDT = 3;
/** 1 BTC at 20,000 with 10x: margin 2,000, liquidation far out of these paths (long 18,100). */
const ONE_BTC = { ...BTC, share: 1000, multiple: 10, status: 1 };

describeEachDatabase(
  'futures trailing stop',
  ({ app, database }) => {
    const call = (t: TestApp, endpoint: { path: string }, token: string, body: Record<string, unknown>, key?: string) =>
      callWithKey(t, endpoint as never, { lang: 'en', ...body }, { token, key: key ?? randomUUID() });
    const open = async (t: TestApp, token: string, body: Record<string, unknown>) =>
      okOf(lever.leverSubmit, (await call(t, lever.leverSubmit, token, body)).body);
    const setStop = async (t: TestApp, token: string, body: Record<string, unknown>, key?: string) =>
      okOf(lever.leverSetStop, (await call(t, lever.leverSetStop, token, body, key)).body);
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
    const current = async (t: TestApp, token: string) =>
      okOf(lever.leverMyTrade, (await t.call(lever.leverMyTrade, { status: 1, limit: 100 }, { token })).body).data;
    const history = async (t: TestApp, token: string) =>
      okOf(lever.leverMyTrade, (await t.call(lever.leverMyTrade, { status: 2, limit: 100 }, { token })).body).data;
    const stored = async (id: number) =>
      (await database().db.select().from(leverPositions).where(eq(leverPositions.id, id)))[0]!;
    const lev = (t: TestApp, id: number) => balanceOf(t.app.ctx.db, id, USDT, 'lever');
    /** Positions left open would react to the next test's prices on the same database. */
    const closeAll = async (t: TestApp, token: string) => {
      expect((await call(t, lever.leverBatchClose, token, { type: 0 })).body.type).toBe('ok');
    };

    it('sets, keeps and clears a trailing stop, and refuses bad input without changing anything', async () => {
      const t = app();
      const u = await user(t, '10000');
      const bob = await user(t, '10000');
      await price(t, '20000');
      const p = await open(t, u.token, { ...ONE_BTC, type: 1 });
      const pending = await open(t, u.token, { ...ONE_BTC, type: 1, status: 0, target_price: '15000' });
      const before = await lev(t, u.id);
      const refused = async (body: Record<string, unknown>, message: string) =>
        expect((await call(t, lever.leverSetStop, u.token, { id: p.id, ...body })).body).toEqual(error(message));
      await refused(
        { trail_percent: '2', trail_distance: '100' },
        'Set a trailing percentage or a trailing distance, not both',
      );
      await refused({ trail_percent: '50.01' }, 'Trailing percentage is invalid');
      await refused({ trail_percent: '1.234' }, 'Trailing percentage is invalid');
      await refused({ trail_percent: '0' }, 'Please enter the correct quantity, price or amount');
      await refused({ trail_distance: '10.001' }, 'Trailing distance must be a multiple of the price step 0.01');
      await refused({ trail_distance: '20000' }, 'Trailing distance must be below the current price 20000');
      expect((await call(t, lever.leverSetStop, u.token, { id: pending.id, trail_percent: '2' })).body).toEqual(
        error('A trailing stop can be set once the position is open'),
      );
      // Another user's position answers like a missing one.
      const theirs = await call(t, lever.leverSetStop, bob.token, { id: p.id, trail_percent: '2' });
      const missing = await call(t, lever.leverSetStop, bob.token, { id: p.id + 1000, trail_percent: '2' });
      expect(theirs.body).toEqual(error('The position does not exist'));
      expect(missing.body).toEqual(theirs.body);
      const untouched = await stored(p.id);
      expect(untouched).toMatchObject({ trailPercent: null, trailDistance: null, trailBestPrice: null });

      const set = await setStop(t, u.token, { id: p.id, trail_percent: '2' });
      expect(set).toMatchObject({ trail_percent: '2', trail_distance: null, trail_best_price: '20000' });
      expect(set.trail_trigger_price).toBe('19600');
      await price(t, '20100');
      // Saving a take-profit with the same trail keeps its best; a new trail starts from the mark.
      const kept = await setStop(t, u.token, { id: p.id, trail_percent: '2.00', target_profit_price: '21000' });
      expect(kept).toMatchObject({ target_profit_price: '21000', trail_best_price: '20100' });
      expect(kept.trail_trigger_price).toBe('19698');
      await price(t, '20050');
      const moved = await setStop(t, u.token, { id: p.id, trail_distance: '150.5' });
      expect(moved).toMatchObject({ trail_percent: null, trail_distance: '150.5', trail_best_price: '20050' });
      expect(moved).toMatchObject({ trail_trigger_price: '19899.5', target_profit_price: null });
      const cleared = await setStop(t, u.token, { id: p.id, trail_percent: '', trail_distance: '' });
      expect(cleared).toMatchObject({ trail_percent: null, trail_distance: null, trail_best_price: null });
      expect(cleared.trail_trigger_price).toBeNull();
      expect(t.app.products.futures.index.trail(p.id)).toBeUndefined();
      // Cleared: a price through its old trigger closes nothing.
      await price(t, '19850');
      expect(await history(t, u.token)).toEqual([]);
      expect(await lev(t, u.id)).toEqual(before);
      await closeAll(t, u.token);
      expect((await call(t, lever.leverCancel, u.token, { id: pending.id })).body.type).toBe('ok');
    });

    it('applies a retried request once: the replay does not restart a best that moved since', async () => {
      const t = app();
      const u = await user(t, '10000');
      await price(t, '20000');
      const p = await open(t, u.token, { ...ONE_BTC, type: 2 });
      const key = randomUUID();
      const first = await setStop(t, u.token, { id: p.id, trail_percent: '1' }, key);
      expect(first).toMatchObject({ trail_best_price: '20000', trail_trigger_price: '20200' });
      await price(t, '19800');
      const again = await setStop(t, u.token, { id: p.id, trail_percent: '1' }, key);
      expect(again).toEqual(first);
      expect(await stored(p.id)).toMatchObject({ trailBestPrice: expect.stringMatching(/^19800(\.0+)?$/) });
      const [now] = await current(t, u.token);
      expect(now).toMatchObject({ trail_best_price: '19800', trail_trigger_price: '19998' });
      await closeAll(t, u.token);
    });

    it('closes once with reason trailing_stop at the first mark through the trigger, long and short', async () => {
      const t = app();
      const u = await user(t, '10000');
      await price(t, '20000');
      const long = await open(t, u.token, { ...ONE_BTC, type: 1 });
      const short = await open(t, u.token, { ...ONE_BTC, type: 2 });
      await setStop(t, u.token, { id: long.id, trail_percent: '1' });
      // Long: best 20,300, trigger 20,097.
      for (const p of ['20100', '20300', '20150']) await price(t, p);
      expect(await history(t, u.token)).toEqual([]);
      // The moved best is stored as it moves.
      expect(await stored(long.id)).toMatchObject({ trailBestPrice: expect.stringMatching(/^20300(\.0+)?$/) });
      await price(t, '20098');
      expect(await history(t, u.token)).toEqual([]);
      await price(t, '20097');
      const [longClosed] = await history(t, u.token);
      expect(longClosed).toMatchObject({ id: long.id, close_reason: 'trailing_stop', close_price: '20097' });
      expect(longClosed).toMatchObject({ profits: '97', trail_best_price: '20300', trail_trigger_price: '20097' });
      // Short from the mark 20,097: trigger 20,197; then best 19,900, trigger 20,000.
      const shortSet = await setStop(t, u.token, { id: short.id, trail_distance: '100' });
      expect(shortSet).toMatchObject({ trail_best_price: '20097', trail_trigger_price: '20197' });
      for (const p of ['19900', '19950', '19999.99']) await price(t, p);
      expect((await history(t, u.token)).map((p) => p.id)).toEqual([long.id]);
      await price(t, '20000');
      await price(t, '20300');
      await price(t, '19000');
      const closed = await history(t, u.token);
      expect(closed.map((p) => [p.id, p.close_reason, p.close_price])).toEqual([
        [short.id, 'trailing_stop', '20000'],
        [long.id, 'trailing_stop', '20097'],
      ]);
      // Each closed once, and its owner was told why.
      const [closes] = await database()
        .db.select({ n: count() })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.userId, u.id), inArray(ledgerTransactions.kind, ['lever_close'])));
      expect(closes?.n).toBe(2);
      const told = await database().db.select().from(notices).where(eq(notices.userId, u.id));
      const triggers = told.map((n) => (n.event as { trigger?: string }).trigger).filter(Boolean);
      expect(triggers).toEqual(['trailing_stop', 'trailing_stop']);
      expect(await lev(t, u.id)).toMatchObject({ held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('resumes a trailing stop after a restart from the best stored before it', async () => {
      const t = app();
      const u = await user(t, '10000');
      await price(t, '20000');
      const p = await open(t, u.token, { ...ONE_BTC, type: 1 });
      await setStop(t, u.token, { id: p.id, trail_percent: '1' });
      await price(t, '20500');
      await t.close();
      feed = pushFeed();
      const again = await createTestApp(database(), { market: { manual: true, feed } });
      try {
        // Best 20,500, trigger 20,295: a restart from the mark would have put it at 19,800.
        expect(again.app.products.futures.index.trail(p.id)).toEqual({ best: '20500', trigger: '20295' });
        await price(again, '20400');
        expect(await history(again, u.token)).toEqual([]);
        await price(again, '20295');
        const [closed] = await history(again, u.token);
        expect(closed).toMatchObject({ id: p.id, close_reason: 'trailing_stop', close_price: '20295' });
        expect(closed).toMatchObject({ closed_after_restart: false, profits: '295' });
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
