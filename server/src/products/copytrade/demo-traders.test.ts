import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import * as follow from '@contract/copytrade';
import { copyTrades, followTraders, leverPositions, users } from '../../db/schema/index';
import { balanceOf, checkInvariants } from '../../ledger/index';
import { deposit } from '../../testing/ledger';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { pushFeed, tick } from '../../testing/trade';
import { D } from '../../positions/math';
import type { PositionRow } from '../../positions/repo';
import { DEMO_TRADER_FUNDS, DEMO_TRADERS, seedDemoTraders, startDemoTraders, wantedSide } from './demo-traders';

let feed = pushFeed();

it('the holding strategy opens long, keeps it below +2% and takes the profit at +2%', () => {
  const held = { entryPrice: '2000.000000000000000000' } as PositionRow;
  expect(wantedSide('hold', '2000', null, undefined)).toBe(1);
  expect(wantedSide('hold', '2039.99', null, held)).toBe(1);
  expect(wantedSide('hold', '2040', null, held)).toBe('close');
  // The moving-average strategies wait for a full average and never act on a tie.
  expect(wantedSide('trend', '2000', null, undefined)).toBeNull();
  expect(wantedSide('trend', '2000', '2000', undefined)).toBeNull();
  expect(wantedSide('revert', '2001', '2000', undefined)).toBe(2);
});
const USDT = 3;
const START = Date.UTC(2033, 0, 1) + MINUTE;

describeEachDatabase(
  'demo traders (demo mode)',
  ({ app, database }) => {
    const settle = async (t: TestApp) => {
      await t.app.products.futures.idle();
      await t.app.products.copytrade.idle();
      await t.app.products.futures.idle();
    };
    /** The feed trades BTC at `price` at `at`, recorded in the price record. */
    const btc = async (t: TestApp, at: number, price: string) => {
      t.clock.set(new Date(at));
      await tick(t, feed, 'BTC/USDT', price);
      await t.app.ctx.priceRecord.history.idle();
    };
    const idsOf = async () => {
      const rows = await database()
        .db.select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_TRADERS.map((d) => d.email),
          ),
        );
      return new Map(rows.map((r) => [r.email, r.id]));
    };
    const openOf = (userId: number) =>
      database()
        .db.select()
        .from(leverPositions)
        .where(and(eq(leverPositions.userId, userId), eq(leverPositions.status, 'open')));
    const index = async (t: TestApp, token: string) =>
      okOf(follow.followIndex, (await t.call(follow.followIndex, { limit: 100 }, { token })).body).data;

    it('seeds three labelled demo traders once, funded from the faucet and listed publicly', async () => {
      const t = app();
      const viewer = await registerUser(t);
      const listed = (await index(t, viewer.token)).filter((tr) => tr.demo);
      expect(listed.map((tr) => tr.name).sort()).toEqual(DEMO_TRADERS.map((d) => d.nickname).sort());
      for (const tr of listed) expect(tr.introduction).toMatch(/^Demo strategy: /);
      // A second seeding (another process starting) adds nobody.
      await seedDemoTraders(t.app.ctx.db, t.clock.now());
      await seedDemoTraders(t.app.ctx.db, t.clock.now());
      const ids = await idsOf();
      expect(ids.size).toBe(3);
      const demo = await database().db.select().from(followTraders).where(eq(followTraders.demo, true));
      expect(demo.map((r) => r.userId).sort()).toEqual([...ids.values()].sort());
      for (const id of ids.values()) {
        expect(await balanceOf(t.app.ctx.db, id, USDT, 'lever')).toEqual({ available: DEMO_TRADER_FUNDS, held: '0' });
      }
      // An address held by an account that is not a demo trader is never traded for.
      const hold = ids.get(DEMO_TRADERS[2]!.email)!;
      const mark = (demo: boolean) =>
        database().db.update(followTraders).set({ demo }).where(eq(followTraders.userId, hold));
      await mark(false);
      const seeded = await seedDemoTraders(t.app.ctx.db, t.clock.now());
      await mark(true);
      expect([...seeded.values()].sort()).toEqual([...ids.values()].filter((id) => id !== hold).sort());
      expect((await idsOf()).size).toBe(3);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('refuses to start outside demo mode', async () => {
      const t = app();
      const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, mode: 'production' as const } };
      const production = { ctx, log: t.app.log } as unknown as FastifyInstance;
      await expect(startDemoTraders(production, t.app.products.futures)).rejects.toThrow(/only in demo mode/);
    });

    it('trades on the feed through the futures service; a follower copies; hourly statistics follow', async () => {
      const t = app();
      const ids = await idsOf();
      const trend = ids.get(DEMO_TRADERS[0]!.email)!;
      const revert = ids.get(DEMO_TRADERS[1]!.email)!;
      t.clock.set(new Date(START));
      const follower = await registerUser(t);
      await deposit(t.app.ctx.db, follower.user.id, USDT, '10000', 'lever');
      const followed = await callWithKey(
        t,
        follow.followFollow as never,
        { lang: 'en', trader_user_id: trend, type: 1, number: '1' },
        { token: follower.token, key: randomUUID() },
      );
      expect(followed.body).toMatchObject({ type: 'ok' });

      // Five minutes at 20000, then the price crosses above its average.
      for (let i = 0; i <= 5; i++) await btc(t, START + i * MINUTE, '20000');
      await btc(t, START + 6 * MINUTE + 1000, '20400');
      await t.app.ctx.scheduler.runDue();
      await settle(t);
      const [long] = await openOf(trend);
      expect(long).toMatchObject({ side: 1, leverage: 10 });
      expect(Number(long!.entryPrice)).toBe(20400);
      // 5% of the balance as margin: 500 USDT at 10x is 245 lots of 0.001 BTC at 20400.
      expect(long!.lots).toBe(245);
      const held = await balanceOf(t.app.ctx.db, trend, USDT, 'lever');
      expect(new D(held.held).eq(long!.margin)).toBe(true);
      expect(new D(held.available).toFixed()).toBe(
        new D(DEMO_TRADER_FUNDS).minus(long!.margin).minus(long!.openFee).toFixed(),
      );
      expect((await openOf(revert)).map((p) => [p.side, Number(p.entryPrice)])).toEqual([[2, 20400]]);
      const [copy] = await database().db.select().from(copyTrades).where(eq(copyTrades.traderPositionId, long!.id));
      expect(copy).toMatchObject({ state: 'copied' });
      expect((await openOf(follower.user.id)).map((p) => p.id)).toEqual([copy!.positionId]);

      // Below the average: the trend follower turns short, the mean reverter long.
      await btc(t, START + 7 * MINUTE + 1000, '19800');
      await t.app.ctx.scheduler.runDue();
      await settle(t);
      expect((await openOf(trend)).map((p) => p.side)).toEqual([2]);
      expect((await openOf(revert)).map((p) => p.side)).toEqual([1]);
      // The follower's long copy closed with the trader; the new short is copied in its place.
      const [copied] = await database()
        .db.select()
        .from(leverPositions)
        .where(eq(leverPositions.id, copy!.positionId!));
      expect(copied).toMatchObject({ status: 'closed', closeReason: 'user' });
      expect((await openOf(follower.user.id)).map((p) => p.side)).toEqual([2]);

      // The hour ends: the statistics come from the closed positions.
      t.clock.set(new Date(START + HOUR));
      await t.app.ctx.scheduler.runDue();
      const closedPnl = async (userId: number) =>
        (
          await database()
            .db.select()
            .from(leverPositions)
            .where(and(eq(leverPositions.userId, userId), eq(leverPositions.status, 'closed')))
        ).map((p) => p.pnl);
      const listed = await index(t, follower.token);
      const stats = (id: number) => listed.find((tr) => tr.user_id === id)!.stats;
      const [trendPnl] = await closedPnl(trend);
      const [revertPnl] = await closedPnl(revert);
      expect(Number(trendPnl)).toBeLessThan(0);
      expect(Number(revertPnl)).toBeGreaterThan(0);
      expect(stats(trend)).toMatchObject({ closed_orders: 1, profitable_orders: 0, followers: 1 });
      expect(new D(stats(trend).total_profit).eq(trendPnl!)).toBe(true);
      expect(stats(revert)).toMatchObject({ closed_orders: 1, profitable_orders: 1 });
      expect(new D(stats(revert).total_profit).eq(revertPnl!)).toBe(true);
      expect(stats(trend).as_of).not.toBeNull();
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed }, demoSeeds: true };
  },
);
