import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as lever from '@contract/futures';
import { settlementRef } from '@contract/record';
import { rows } from '../../db/rows';
import { ledgerTransactions, settlementRecords } from '../../db/schema/index';
import { checkInvariants } from '../../ledger/index';
import type { TestApp } from '../../testing/app';
import { registerUser } from '../../testing/accounts';
import { deposit } from '../../testing/ledger';
import { pushFeed, tick } from '../../testing/trade';
import { describeTwoApps } from '../../testing/two-apps';
import { callWithKey, okOf } from '../../testing/wallet';

/**
 * Two apps on one database stand for two server processes: positions opened and changed through
 * A's API are watched by B's futures engine (database notifications), B's ticks fire them, and a
 * trigger both engines fire on the same tick closes the position once.
 */
const feeds = { a: pushFeed(), b: pushFeed() };
const USDT = 3;
/** 1 BTC at 20,000 with 50x: liquidation 19,700 for a long. */
const ONE_BTC = { currency_id: 1, legal_id: 3, share: 1000, multiple: 50, status: 1, type: 1 };

describeTwoApps(
  'futures across two processes',
  ({ a, b, database, link }) => {
    const price = async (t: TestApp, which: 'a' | 'b', p: string) => {
      await tick(t, feeds[which], 'BTC/USDT', p);
      await t.app.products.futures.idle();
    };
    const both = (p: string) => Promise.all([price(a(), 'a', p), price(b(), 'b', p)]);
    const user = async () => {
      const u = await registerUser(a());
      await deposit(database().db, u.user.id, USDT, '1000', 'lever');
      return u.token;
    };
    const call = async <E extends typeof lever.leverSubmit | typeof lever.leverSetStop>(
      endpoint: E,
      token: string,
      body: Record<string, unknown>,
    ) => okOf(endpoint, (await callWithKey(a(), endpoint, { lang: 'en', ...body }, { token, key: randomUUID() })).body);
    const status = async (id: number) => {
      const [row] = await rows(database().db, sql`SELECT status, close_reason FROM lever_positions WHERE id = ${id}`);
      return row;
    };
    const closes = async (id: number) => {
      const rows = await database()
        .db.select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          and(
            sql`${ledgerTransactions.kind} IN ('lever_close', 'lever_liquidation')`,
            sql`${ledgerTransactions.meta}->>'position' = ${String(id)}`,
          ),
        );
      const records = await database()
        .db.select({ seq: settlementRecords.seq })
        .from(settlementRecords)
        .where(
          and(eq(settlementRecords.kind, 'futures_trigger'), eq(settlementRecords.ref, settlementRef.futures(id))),
        );
      return { ledger: rows.length, records: records.length };
    };

    it('a stop-loss set through A fires on B’s tick', async () => {
      const token = await user();
      await both('20000');
      const p = await call(lever.leverSubmit, token, ONE_BTC);
      await call(lever.leverSetStop, token, { id: p.id, stop_loss_price: '19900' });
      await b().app.products.futures.synced();
      expect(b().app.products.futures.index.has(p.id)).toBe(true);
      // Only B sees the price: A's engine never fires.
      await price(b(), 'b', '19890');
      expect(await status(p.id)).toMatchObject({ status: 'closed', close_reason: 'stop_loss' });
      expect(await closes(p.id)).toEqual({ ledger: 1, records: 1 });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('a stop removed through A does not fire on B, even before B hears of it', async () => {
      const token = await user();
      await both('20000');
      const p = await call(lever.leverSubmit, token, ONE_BTC);
      await call(lever.leverSetStop, token, { id: p.id, stop_loss_price: '19900' });
      await b().app.products.futures.synced();
      // B's notifications are lost: its index still has the stop-loss that A removes now.
      link().cut();
      await call(lever.leverSetStop, token, { id: p.id });
      await price(b(), 'b', '19890');
      // The row, locked and re-checked, has no stop-loss: still open, and watched again.
      expect(await status(p.id)).toMatchObject({ status: 'open' });
      expect(b().app.products.futures.index.has(p.id)).toBe(true);
      expect(await closes(p.id)).toEqual({ ledger: 0, records: 0 });
    });

    it('after a gap in its notifications B reloads every position and fires what it missed', async () => {
      const token = await user();
      await both('20000');
      link().cut();
      const p = await call(lever.leverSubmit, token, { ...ONE_BTC, target_profit_price: '20100' });
      await b().app.products.futures.idle();
      expect(b().app.products.futures.index.has(p.id)).toBe(false);
      link().restore();
      await b().app.products.futures.idle();
      expect(b().app.products.futures.index.has(p.id)).toBe(true);
      await price(b(), 'b', '20150');
      expect(await status(p.id)).toMatchObject({ status: 'closed', close_reason: 'take_profit' });
    });

    it('a take-profit and a liquidation both engines fire on one tick close once', async () => {
      const token = await user();
      await both('20000');
      const tp = await call(lever.leverSubmit, token, { ...ONE_BTC, share: 100, target_profit_price: '20300' });
      const liq = await call(lever.leverSubmit, token, { ...ONE_BTC, share: 100, type: 2 });
      await b().app.products.futures.synced();
      await a().app.products.futures.synced();
      // A short of 0.1 BTC at 50x: liquidation 20,300 (margin 40, maintenance 10.15).
      expect(liq.liquidation_price).toBe('20300');
      await both('20300');
      expect(await status(tp.id)).toMatchObject({ status: 'closed', close_reason: 'take_profit' });
      expect(await status(liq.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation' });
      expect(await closes(tp.id)).toEqual({ ledger: 1, records: 1 });
      expect(await closes(liq.id)).toEqual({ ledger: 1, records: 1 });
      // Neither engine keeps watching them.
      await Promise.all([a().app.products.futures.synced(), b().app.products.futures.synced()]);
      for (const t of [a(), b()]) {
        expect(t.app.products.futures.index.has(tp.id)).toBe(false);
        expect(t.app.products.futures.index.has(liq.id)).toBe(false);
      }
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('both engines charge a new day’s overnight fee once', async () => {
      a().clock.set(new Date(Date.UTC(2037, 0, 1, 12)));
      const token = await user();
      await both('20000');
      const p = await call(lever.leverSubmit, token, ONE_BTC);
      a().clock.set(new Date(Date.UTC(2037, 0, 2, 0, 0, 30)));
      await both('20000');
      const charged = await rows(
        database().db,
        sql`SELECT id FROM ledger_transactions WHERE kind = 'lever_overnight' AND meta->>'position' = ${String(p.id)}`,
      );
      expect(charged).toHaveLength(1);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  (which) => {
    feeds[which] = pushFeed();
    return { market: { manual: true, feed: feeds[which] } };
  },
);
