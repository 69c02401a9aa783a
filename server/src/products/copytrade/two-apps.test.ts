import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as follow from '@contract/copytrade';
import * as lever from '@contract/futures';
import { rows } from '../../db/rows';
import { checkInvariants } from '../../ledger/index';
import type { TestApp } from '../../testing/app';
import { registerUser } from '../../testing/accounts';
import { adminUser } from '../../testing/fund';
import { deposit } from '../../testing/ledger';
import { pushFeed, tick } from '../../testing/trade';
import { describeTwoApps } from '../../testing/two-apps';
import { callWithKey, okOf } from '../../testing/wallet';

/**
 * Two apps on one database stand for two server processes. A trader's open and close taken by A
 * reach B's copy engine through B's futures engine (database notifications); when both apps run
 * a copy engine, both fan out the same open and close and each follower still gets one copy,
 * closed once (the pair's exposure lock and the unique copy record; the copies' row locks).
 */
const feeds = { a: pushFeed(), b: pushFeed() };
const BTC = { currency_id: 1, legal_id: 3 };
const USDT = 3;

describeTwoApps(
  'copy trading across two processes',
  ({ a, b, database, link }) => {
    const call = (endpoint: { path: string }, token: string, body: Record<string, unknown>) =>
      callWithKey(a(), endpoint as never, { lang: 'en', ...body }, { token, key: randomUUID() });
    const user = async (usdt: string) => {
      const u = await registerUser(a());
      await deposit(database().db, u.user.id, USDT, usdt, 'lever');
      return { token: u.token, id: u.user.id };
    };
    const trader = async () => {
      const admin = await adminUser(a());
      const u = await user('100000');
      const applied = okOf(follow.followApply, (await a().call(follow.followApply, {}, { token: u.token })).body);
      const review = { id: applied.id, action: 'approve' };
      expect((await a().call(follow.adminFollowReview, review, { token: admin.token })).body.type).toBe('ok');
      return u;
    };
    /** Every runtime of both apps has applied what was committed. */
    const settled = async () => {
      for (let round = 0; round < 2; round++) {
        for (const t of [a(), b()]) {
          await t.app.products.futures.synced();
          await t.app.products.copytrade.idle();
        }
      }
    };
    const price = async (p: string) => {
      await Promise.all(
        (['a', 'b'] as const).map(async (which) => {
          const t: TestApp = which === 'a' ? a() : b();
          await tick(t, feeds[which], 'BTC/USDT', p);
        }),
      );
      await settled();
    };
    const copiesOf = (traderPositionId: number) =>
      rows<{ state: string; status: string; n: string }>(
        database().db,
        sql`SELECT c.state, p.status, count(*) AS n FROM copy_trades c LEFT JOIN lever_positions p ON p.id = c.position_id
          WHERE c.trader_position_id = ${traderPositionId} GROUP BY 1, 2 ORDER BY 1, 2`,
      );
    const copyCloses = async (followers: number[]) => {
      const [row] = await rows<{ n: string }>(
        database().db,
        sql`SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'lever_close'
          AND user_id = ANY(${sql.param(followers)}::int[])`,
      );
      return Number(row?.n);
    };

    it('a trader’s open and close taken by A are copied and closed by B’s copy engine', async () => {
      // A stands for a process that runs no copy engine: only B's can copy.
      await a().app.products.copytrade.stop();
      const tr = await trader();
      await price('20000');
      const f = await user('1000');
      const followed = await call(follow.followFollow, f.token, { trader_user_id: tr.id, type: 2, number: '2' });
      expect(followed.body.type).toBe('ok');
      const opened = okOf(
        lever.leverSubmit,
        (await call(lever.leverSubmit, tr.token, { ...BTC, share: 1, multiple: 50, status: 1, type: 1 })).body,
      );
      await settled();
      expect(await copiesOf(opened.id)).toMatchObject([{ state: 'copied', status: 'open' }]);
      expect((await call(lever.leverClose, tr.token, { id: opened.id })).body.type).toBe('ok');
      await settled();
      expect(await copiesOf(opened.id)).toMatchObject([{ state: 'copied', status: 'closed' }]);
      expect(await copyCloses([f.id])).toBe(1);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('a trader’s open B did not hear of (a gap) is copied by its recovery once it listens again', async () => {
      await a().app.products.copytrade.stop();
      const tr = await trader();
      await price('20000');
      const f = await user('1000');
      await call(follow.followFollow, f.token, { trader_user_id: tr.id, type: 2, number: '2' });
      link().cut();
      const opened = okOf(
        lever.leverSubmit,
        (await call(lever.leverSubmit, tr.token, { ...BTC, share: 1, multiple: 50, status: 1, type: 1 })).body,
      );
      await b().app.products.futures.idle();
      await b().app.products.copytrade.idle();
      expect(await copiesOf(opened.id)).toEqual([]);
      link().restore();
      await settled();
      expect(await copiesOf(opened.id)).toMatchObject([{ state: 'copied', status: 'open' }]);
    });

    it('both copy engines fan out the same open and close: one copy per follower, closed once', async () => {
      const tr = await trader();
      await price('20000');
      const followers = [];
      for (let i = 0; i < 3; i++) {
        const f = await user('1000');
        await call(follow.followFollow, f.token, { trader_user_id: tr.id, type: 2, number: '1' });
        followers.push(f.id);
      }
      const opened = okOf(
        lever.leverSubmit,
        (await call(lever.leverSubmit, tr.token, { ...BTC, share: 1, multiple: 50, status: 1, type: 1 })).body,
      );
      await settled();
      const made = await copiesOf(opened.id);
      expect(made).toMatchObject([{ state: 'copied', status: 'open' }]);
      expect(Number(made[0]!.n)).toBe(3);
      expect((await call(lever.leverClose, tr.token, { id: opened.id })).body.type).toBe('ok');
      await settled();
      const closed = await copiesOf(opened.id);
      expect(closed).toMatchObject([{ state: 'copied', status: 'closed' }]);
      expect(Number(closed[0]!.n)).toBe(3);
      expect(await copyCloses(followers)).toBe(3);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  (which) => {
    feeds[which] = pushFeed();
    return { market: { manual: true, feed: feeds[which] } };
  },
);
