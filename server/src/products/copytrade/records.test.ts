import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as lever from '@contract/futures';
import { settlementRef } from '@contract/record';
import { futuresCloseOutcome } from '@contract/domain/settlement-outcomes';
import { copyTrades, leverPositions } from '../../db/schema/index';
import { rows } from '../../db/rows';
import { balanceOf, checkInvariants, inTransaction } from '../../ledger/index';
import { closeAt, instrumentOf, liveMark } from '../../positions/service';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { bulkFollowers } from '../../testing/copytrade';
import { deposit } from '../../testing/ledger';
import { recordsNamed, refuseRecords, settlementOf, verifiedChain } from '../../testing/records';
import { describeEachDatabase } from '../../testing/suite';
import { pushFeed, tick } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';
import { copyClose } from './fanout';

let feed = pushFeed();
const USDT = 3;
const FOLLOWERS = 5;

describeEachDatabase(
  'copy closes in the settlement record',
  ({ app, database }) => {
    const settle = async (t: TestApp) => {
      await t.app.products.futures.idle();
      await t.app.products.copytrade.idle();
      await t.app.products.futures.idle();
    };
    const price = async (t: TestApp, p: string) => {
      t.clock.set(new Date(t.clock.now().getTime() + 1000));
      await tick(t, feed, 'BTC/USDT', p);
      await settle(t);
    };
    /** A trader (approved as the back office writes it) with five followers copying its opens. */
    const traderWithCopies = async (t: TestApp) => {
      const u = await registerUser(t);
      await deposit(t.app.ctx.db, u.user.id, USDT, '10000', 'lever');
      await t.app.ctx.db.execute(sql`INSERT INTO follow_traders (user_id, approved_at) VALUES (${u.user.id}, now())`);
      const followers = await bulkFollowers(t.app.ctx.db, u.user.id, FOLLOWERS, '1000', t.clock.now(), 10);
      await price(t, '20000');
      const opened = await callWithKey(
        t,
        lever.leverSubmit,
        { lang: 'en', currency_id: 1, legal_id: 3, share: 100, multiple: 10, type: 1, status: 1 },
        { token: u.token, key: randomUUID() },
      );
      const position = okOf(lever.leverSubmit, opened.body);
      await settle(t);
      const copies = await t.app.ctx.db
        .select({ id: copyTrades.positionId })
        .from(copyTrades)
        .where(and(eq(copyTrades.traderPositionId, position.id), eq(copyTrades.state, 'copied')));
      expect(copies).toHaveLength(FOLLOWERS);
      return { token: u.token, id: u.user.id, position, followers, copies: copies.map((c) => c.id!) };
    };
    /** How many times each ref is recorded, as a record or as a leaf. */
    const recordedTimes = async (t: TestApp, refs: string[]) => {
      const found = await rows<{ ref: string; n: string | number }>(
        t.app.ctx.db,
        sql`SELECT ref, count(*) AS n FROM (
            SELECT ref FROM settlement_records WHERE ref = ANY(${sql.param(refs)}::text[])
            UNION ALL SELECT unnest(refs) AS ref FROM settlement_leaf_sets) x
          WHERE ref = ANY(${sql.param(refs)}::text[]) GROUP BY ref`,
      );
      return Object.fromEntries(refs.map((r) => [r, Number(found.find((f) => f.ref === r)?.n ?? 0)]));
    };

    it('records the copies closed with their trader as leaves, each recomputed to its position and ledger', async () => {
      const t = app();
      const trader = await traderWithCopies(t);
      const before = await Promise.all(trader.followers.map((f) => balanceOf(t.app.ctx.db, f, USDT, 'lever')));
      await price(t, '20200');
      const res = await callWithKey(
        t,
        lever.leverClose,
        { lang: 'en', id: trader.position.id },
        { token: trader.token, key: randomUUID() },
      );
      expect(res.body.type).toBe('ok');
      await settle(t);
      const own = await settlementOf(t, settlementRef.futures(trader.position.id));
      expect(own.bodies[0]!.data).toMatchObject({ reason: 'user', copy_of: null });

      const closed = await t.app.ctx.db.select().from(leverPositions).where(inArray(leverPositions.id, trader.copies));
      expect(closed.every((p) => p.status === 'closed')).toBe(true);
      for (const copy of closed) {
        const ref = settlementRef.futures(copy.id);
        // A leaf of the chunk's record, not a record of its own.
        expect(await recordsNamed(t.app.ctx.db, ref)).toEqual([]);
        const { records, leaves } = await settlementOf(t, ref);
        expect(records[0]!.ref).toMatch(new RegExp(`^futures_copies:${trader.position.id}:`));
        expect(leaves).toHaveLength(1);
        const leaf = leaves[0]!;
        expect(leaf.data).toMatchObject({ position_id: copy.id, copy_of: trader.position.id, reason: 'user' });
        const outcome = futuresCloseOutcome(leaf);
        expect(Number(outcome.pnl)).toBe(Number(copy.pnl));
        expect(Number(outcome.returned)).toBe(Number(copy.returned));
        // The follower's lever balance got back what the record says (the copy opened before `before`).
        const i = trader.followers.indexOf(copy.userId);
        const after = await balanceOf(t.app.ctx.db, copy.userId, USDT, 'lever');
        expect(Number(after.held)).toBe(0);
        expect(Number(after.available) - Number(before[i]!.available)).toBeCloseTo(Number(outcome.returned), 8);
      }
      const times = await recordedTimes(t, [trader.position.id, ...trader.copies].map(settlementRef.futures));
      expect(Object.values(times)).toEqual(Array(FOLLOWERS + 1).fill(1));
      await verifiedChain(t);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('concurrent copy closes record each copy once; a refused record leaves the copies open', async () => {
      const t = app();
      const trader = await traderWithCopies(t);
      await price(t, '19900');
      const [row] = await t.app.ctx.db.select().from(leverPositions).where(eq(leverPositions.id, trader.position.id));
      const mark = liveMark(t.app.ctx.market, instrumentOf(row!.pairId));
      const restore = await refuseRecords(t.app.ctx.db, 'futures_close');
      try {
        // The trader's close without its copies (the close the engine follows is the route's).
        await inTransaction(t.app.ctx.db, (tx) => closeAt(tx, trader.position.id, mark, 'user', t.clock.now()));
        await expect(copyClose(t.app.ctx.db, trader.position.id, t.clock.now())).rejects.toThrow();
        await settle(t);
        const open = await t.app.ctx.db
          .select({ id: leverPositions.id })
          .from(leverPositions)
          .where(and(inArray(leverPositions.id, trader.copies), eq(leverPositions.status, 'open')));
        expect(open).toHaveLength(FOLLOWERS);
      } finally {
        await restore();
      }
      const closers = await Promise.all(
        Array.from({ length: 3 }, () => copyClose(t.app.ctx.db, trader.position.id, t.clock.now())),
      );
      expect(
        closers
          .flat()
          .map((p) => p.id)
          .sort((a, b) => a - b),
      ).toEqual([...trader.copies].sort((a, b) => a - b));
      const times = await recordedTimes(t, trader.copies.map(settlementRef.futures));
      expect(Object.values(times)).toEqual(Array(FOLLOWERS).fill(1));
      for (const id of trader.copies) await settlementOf(t, settlementRef.futures(id));
      await verifiedChain(t);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
