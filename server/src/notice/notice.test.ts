import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as notice from '@contract/notice';
import * as trade from '@contract/trade';
import type { PushEvent } from '@contract/push';
import { inTransaction } from '../ledger/index';
import { notify, notifyMany } from '../push/notify';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { adminUser, deposit } from '../testing/fund';
import { fundChange, pushFeed, tick } from '../testing/trade';
import { callWithKey, okOf } from '../testing/wallet';

let feed = pushFeed();
const BTC = { currency_id: 1, legal_id: 3 };
const announce = (i: number): PushEvent => ({ type: 'system.announcement', title: `Notice ${i}`, body: `Body ${i}` });

const list = async (t: TestApp, token: string, q: Record<string, unknown> = {}, lang = 'en') =>
  okOf(notice.noticeList, (await t.call(notice.noticeList, { lang, ...q }, { token })).body);
const unread = async (t: TestApp, token: string) =>
  okOf(notice.noticeUnread, (await t.call(notice.noticeUnread, {}, { token })).body);

/** A second session of the same account: another device. */
async function secondDevice(t: TestApp, email: string, password: string): Promise<string> {
  return okOf(auth.login, (await t.call(auth.login, { user_string: email, password, type: 'email' })).body);
}

describeEachDatabase(
  'notification inbox',
  ({ app, database }) => {
    it('keeps a notice for a user without any push subscription, rendered in the reader’s language', async () => {
      const t = app();
      const admin = await adminUser(t);
      const { token, user } = await registerUser(t);
      const id = await deposit(t, admin.token, token, 'USDT', '250');
      const [n] = (await list(t, token)).list.filter((x) => x.type === 'wallet.reviewed');
      expect(n).toMatchObject({
        category: 'wallet',
        title: 'Recharge approved',
        route: '/pages/fund/receive_withdraw_record',
        read: false,
      });
      expect(n!.body).toContain('250.00 USDT');
      expect((await list(t, token, {}, 'th')).list[0]!.title).not.toBe('Recharge approved');
      expect((await unread(t, token)).by_category.wallet).toBe(1);
      const outbox = await database().db.execute(sql`SELECT 1 FROM push_outbox WHERE user_id = ${user.id}`);
      expect((outbox as unknown as { rows: unknown[] }).rows).toEqual([]);
      expect(id).toBeGreaterThan(0);
    });

    it('writes the notice in the event’s transaction: a rollback leaves none', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      await expect(
        inTransaction(database().db, async (tx) => {
          await notify(tx, user.id, announce(1));
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');
      expect((await list(t, token)).list).toEqual([]);
      await inTransaction(database().db, (tx) => notify(tx, user.id, announce(2)));
      expect((await list(t, token)).list.map((n) => n.title)).toEqual(['Notice 2']);
    });

    it('pages newest first with before_id, filters a category, and says when there is no more', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      await notifyMany(
        database().db,
        Array.from({ length: 25 }, (_, i) => ({ userId: user.id, event: announce(i) })),
      );
      await notify(database().db, user.id, { type: 'security.password_changed', which: 'pay' });
      const first = await list(t, token, { limit: 10 });
      expect(first.has_more).toBe(true);
      expect(first.list[0]!.category).toBe('security');
      expect(first.list.slice(1).map((n) => n.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Notice ${24 - i}`));
      const second = await list(t, token, { limit: 10, before_id: first.list.at(-1)!.id });
      const third = await list(t, token, { limit: 10, before_id: second.list.at(-1)!.id });
      expect(third.has_more).toBe(false);
      const ids = [...first.list, ...second.list, ...third.list].map((n) => n.id);
      expect(ids).toHaveLength(26);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      const security = await list(t, token, { category: 'security' });
      expect(security.list.map((n) => n.type)).toEqual(['security.password_changed']);
      expect(security.has_more).toBe(false);
      expect((await t.call(notice.noticeList, { limit: 51 }, { token })).body.type).toBe('error');
    });

    it('shares read state across two devices: one, per category, all', async () => {
      const t = app();
      const { token, user, email, password } = await registerUser(t);
      const other = await secondDevice(t, email, password);
      // The sign-in of the second device is itself a security notice.
      await notifyMany(database().db, [
        { userId: user.id, event: announce(1) },
        { userId: user.id, event: announce(2) },
        { userId: user.id, event: { type: 'security.password_changed', which: 'login' } },
      ]);
      const before = await unread(t, other);
      const [newest] = (await list(t, token)).list;
      const after = okOf(notice.noticeRead, (await t.call(notice.noticeRead, { id: newest!.id }, { token })).body);
      expect(after.total).toBe(before.total - 1);
      expect((await list(t, other)).list.find((n) => n.id === newest!.id)!.read).toBe(true);
      // Marking again changes nothing.
      expect(okOf(notice.noticeRead, (await t.call(notice.noticeRead, { id: newest!.id }, { token })).body)).toEqual(
        after,
      );
      const system = okOf(
        notice.noticeReadAll,
        (await t.call(notice.noticeReadAll, { category: 'system' }, { token: other })).body,
      );
      expect(system.by_category.system).toBe(0);
      expect(system.by_category.security).toBe(after.by_category.security);
      expect(system.total).toBeGreaterThan(0);
      const none = okOf(notice.noticeReadAll, (await t.call(notice.noticeReadAll, {}, { token })).body);
      expect(none.total).toBe(0);
      expect((await list(t, other)).list.every((n) => n.read)).toBe(true);
    });

    it('answers bursts from two devices: one read counted once, read-all while notices arrive', async () => {
      const t = app();
      const { token, user, email, password } = await registerUser(t);
      const other = await secondDevice(t, email, password);
      await notifyMany(
        database().db,
        Array.from({ length: 5 }, (_, i) => ({ userId: user.id, event: announce(i) })),
      );
      const before = await unread(t, token);
      const [newest] = (await list(t, token)).list;
      const reads = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.call(notice.noticeRead, { id: newest!.id }, { token: i % 2 ? token : other }),
        ),
      );
      for (const r of reads) expect(okOf(notice.noticeRead, r.body).total).toBe(before.total - 1);

      // Read-all from both devices while 40 more notices are written: none is lost or counted
      // twice, and the last read-all leaves nothing unread.
      const writes = Array.from({ length: 4 }, (_, k) =>
        notifyMany(
          database().db,
          Array.from({ length: 10 }, (_, i) => ({ userId: user.id, event: announce(100 + k * 10 + i) })),
        ),
      );
      const readAlls = Array.from({ length: 10 }, (_, i) =>
        t.call(notice.noticeReadAll, {}, { token: i % 2 ? token : other }),
      );
      const [replies] = await Promise.all([Promise.all(readAlls), Promise.all(writes)]);
      for (const r of replies) expect(okOf(notice.noticeReadAll, r.body).total).toBeGreaterThanOrEqual(0);
      const all: notice.Notice[] = [];
      for (
        let page = await list(t, other, { limit: 50 });
        ;
        page = await list(t, other, { limit: 50, before_id: all.at(-1)!.id })
      ) {
        all.push(...page.list);
        if (!page.has_more) break;
      }
      const counted = await unread(t, token);
      expect(all.filter((n) => !n.read)).toHaveLength(counted.total);
      expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
      expect(all.filter((n) => /^Notice 1\d\d$/.test(n.title))).toHaveLength(40);
      expect(okOf(notice.noticeReadAll, (await t.call(notice.noticeReadAll, {}, { token })).body).total).toBe(0);
    });

    it("refuses another user's notice ids and never lists them", async () => {
      const t = app();
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await notify(database().db, alice.user.id, announce(7));
      const [mine] = (await list(t, alice.token)).list;
      const refused = await t.call(notice.noticeRead, { id: mine!.id, lang: 'en' }, { token: bob.token });
      expect(refused.body).toMatchObject({ type: 'error' });
      expect((await list(t, alice.token)).list[0]!.read).toBe(false);
      expect((await list(t, bob.token)).list.some((n) => n.id === mine!.id)).toBe(false);
      expect((await t.call(notice.noticeList, {}, {})).body.type).not.toBe('ok');
    });

    it('tells both sides of a spot fill and the owner of a cancelled order, with the trading batch', async () => {
      const t = app();
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await fundChange(t, alice.token);
      await fundChange(t, bob.token);
      await tick(t, feed, 'BTC/USDT', '100000');
      const place = (token: string, body: Record<string, unknown>) =>
        callWithKey(t, trade.placeOrder, { lang: 'en', ...BTC, type: 'limit', ...body }, { token, key: randomUUID() });
      const buy = okOf(
        trade.placeOrder,
        (await place(alice.token, { side: 'buy', amount: '0.02', target_price: '99000' })).body,
      );
      expect((await list(t, alice.token)).list.filter((n) => n.category === 'trade')).toEqual([]);
      await place(bob.token, { side: 'sell', amount: '0.01', target_price: '99000' });
      const [partly] = (await list(t, alice.token, { category: 'trade' })).list;
      expect(partly).toMatchObject({ type: 'trade.filled', title: 'Order partly filled' });
      expect(partly!.body).toBe('BTC/USDT buy: 0.01 filled for 990.00 USDT');
      const [sold] = (await list(t, bob.token, { category: 'trade' })).list;
      expect(sold).toMatchObject({ title: 'Order filled', body: 'BTC/USDT sell: 0.01 filled for 990.00 USDT' });
      await callWithKey(t, trade.cancelOrder, { lang: 'en', id: buy.id }, { token: alice.token, key: randomUUID() });
      const trades = (await list(t, alice.token, { category: 'trade' })).list;
      expect(trades.map((n) => n.type)).toEqual(['trade.cancelled', 'trade.filled']);
      expect(trades[0]).toMatchObject({ title: 'Order cancelled', body: 'BTC/USDT buy order cancelled (0.01 filled)' });
      expect((await unread(t, alice.token)).by_category.trade).toBe(2);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed }, config: { pushWorker: 'external' as const } };
  },
);
