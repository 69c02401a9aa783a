import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as micro from '@contract/seconds';
import * as wallet from '@contract/wallet';
import { rows } from '../../db/rows';
import { balanceOf, checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { HOUR, SECOND } from '../../testing/clock';
import { escrowMismatches } from '../../testing/seconds';
import { pushFeed } from '../../testing/trade';
import { describeTwoApps } from '../../testing/two-apps';
import { callWithKey, okOf } from '../../testing/wallet';

/**
 * Two apps on one database stand for two server processes: an order accepted by A is settled by
 * B's worker, which finds due orders in the database at each flush of its price record; when both
 * workers settle the same orders, each is paid once (one escrow shard per batch under
 * `pg_try_advisory_xact_lock`, each order updated only while `holding`).
 */
const feeds = { a: pushFeed(), b: pushFeed() };
const USDT = 3;

/** Each test's clock in an hour of its own, so one test's prices and orders never meet another's. */
let era = 0;
const ERA_START = Date.UTC(2033, 0, 1);

describeTwoApps(
  'seconds contracts across two processes',
  ({ a, b, database }) => {
    const tick = async (t: TestApp, which: 'a' | 'b', price: string) => {
      feeds[which].push({
        kind: 'trade',
        symbol: 'BTC/USDT',
        price,
        amount: '1',
        direction: 'buy',
        ts: t.clock.now().getTime(),
      });
      await t.app.ctx.market.pump();
      await t.app.ctx.priceRecord.history.idle();
      await t.app.products.seconds.worker.idle();
    };
    const both = (price: string) => Promise.all([tick(a(), 'a', price), tick(b(), 'b', price)]);
    const funded = async () => {
      const u = await registerUser(a());
      const move = { currency_id: USDT, number: '1000', from_field: 'legal', to_field: 'micro' };
      expect((await callWithKey(a(), wallet.walletChange, move, { token: u.token, key: randomUUID() })).body.type).toBe(
        'ok',
      );
      return { token: u.token, id: u.user.id };
    };
    const submit = async (token: string, type: 1 | 2) =>
      okOf(
        micro.microSubmit,
        (
          await callWithKey(
            a(),
            micro.microSubmit,
            { lang: 'en', match_id: 1, currency_id: USDT, type, seconds: 30, number: '100' },
            { token, key: randomUUID() },
          )
        ).body,
      );
    const settledOnce = async (ids: number[]) => {
      const orders = await rows<{ id: number; status: string }>(
        database().db,
        sql`SELECT id, result AS status FROM micro_orders WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id`,
      );
      const leaves = await rows<{ ref: string; n: string }>(
        database().db,
        sql`SELECT r AS ref, count(*) AS n FROM settlement_leaf_sets, unnest(refs) AS r
          WHERE r = ANY(${sql.param(ids.map((id) => `seconds:${id}`))}::text[]) GROUP BY r`,
      );
      return { statuses: orders.map((o) => o.status), leaves: leaves.map((l) => Number(l.n)) };
    };
    const ownHour = () => {
      era += 1;
      a().clock.set(new Date(ERA_START + era * HOUR));
    };

    it('an order accepted by A is settled by B’s worker', async () => {
      ownHour();
      // A stands for a process that settles nothing.
      await a().app.products.seconds.stop();
      const u = await funded();
      await both('100000');
      const up = await submit(u.token, 1);
      // The price at expiry (a trade within 10 s before it), then one past it: the record is final.
      a().clock.advance(25 * SECOND);
      await tick(b(), 'b', '101000');
      a().clock.advance(6 * SECOND);
      await tick(b(), 'b', '101000');
      expect(await settledOnce([up.id])).toEqual({ statuses: ['win'], leaves: [1] });
      // 1,000 - 100 staked + 120 paid back.
      expect(await balanceOf(database().db, u.id, USDT, 'micro')).toEqual({ available: '1020', held: '0' });
    });

    it('both workers settle the same orders: each is paid once', async () => {
      ownHour();
      const users = [await funded(), await funded(), await funded()];
      await both('100000');
      const orders = [];
      for (const u of users) orders.push(await submit(u.token, 1), await submit(u.token, 2));
      a().clock.advance(25 * SECOND);
      await both('101000');
      a().clock.advance(6 * SECOND);
      await both('101000');
      const ids = orders.map((o) => o.id);
      expect(await settledOnce(ids)).toEqual({
        statuses: ids.map((_, i) => (i % 2 === 0 ? 'win' : 'loss')),
        leaves: ids.map(() => 1),
      });
      // Per user: 1,000 - 200 staked + 120 for the win.
      for (const u of users) {
        expect(await balanceOf(database().db, u.id, USDT, 'micro')).toEqual({ available: '920', held: '0' });
      }
      expect(await escrowMismatches(database().db)).toEqual([]);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  (which) => {
    feeds[which] = pushFeed();
    return { market: { manual: true, feed: feeds[which] } };
  },
);
