import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as alerts from '@contract/alerts';
import { notices, priceAlerts } from '../../db/schema/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { instrument, pushFeed, tick } from '../../testing/trade';
import { describeTwoApps } from '../../testing/two-apps';
import { okOf } from '../../testing/wallet';

/**
 * Two apps on one database stand for two server processes: alerts created, paused and resumed
 * through A's API are watched by B's watcher (database notifications) and fire on B's ticks; an
 * alert both watchers reach on the same price fires once (the conditional update of its row).
 */
const feeds = { a: pushFeed(), b: pushFeed() };
const BTC = instrument('BTC/USDT').id;

describeTwoApps(
  'price alerts across two processes',
  ({ a, b, database, link }) => {
    const price = async (t: TestApp, which: 'a' | 'b', p: string) => {
      await tick(t, feeds[which], 'BTC/USDT', p);
      await t.app.products.alerts.idle();
    };
    const both = (p: string) => Promise.all([price(a(), 'a', p), price(b(), 'b', p)]);
    const user = async () => {
      const u = await registerUser(a());
      return { token: u.token, id: u.user.id };
    };
    const create = async (token: string, body: Record<string, unknown>) =>
      okOf(alerts.alertCreate, (await a().call(alerts.alertCreate, { lang: 'en', ...body }, { token })).body);
    const firings = async (userId: number) =>
      (
        await database()
          .db.select({ id: notices.id })
          .from(notices)
          .where(and(eq(notices.userId, userId), eq(notices.type, 'trade.price_alert')))
      ).length;
    const stored = async (id: number) =>
      (await database().db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0];

    it('an alert created through A fires once on B’s tick', async () => {
      await both('50000');
      const u = await user();
      const alert = await create(u.token, { pair_id: BTC, kind: 'above', price: '51000' });
      await b().app.products.alerts.synced();
      expect(b().app.products.alerts.index.has(alert.id)).toBe(true);
      await price(b(), 'b', '51000');
      expect(await firings(u.id)).toBe(1);
      expect(await stored(alert.id)).toMatchObject({ status: 'fired', firedCount: 1 });
    });

    it('paused and resumed through A: B stops and starts watching it', async () => {
      await both('50000');
      const u = await user();
      const alert = await create(u.token, { pair_id: BTC, kind: 'below', price: '49000' });
      await a().call(alerts.alertPause, { id: alert.id }, { token: u.token });
      await b().app.products.alerts.synced();
      expect(b().app.products.alerts.index.has(alert.id)).toBe(false);
      await price(b(), 'b', '48000');
      expect(await firings(u.id)).toBe(0);
      await a().call(alerts.alertResume, { id: alert.id }, { token: u.token });
      await b().app.products.alerts.synced();
      await price(b(), 'b', '48500');
      expect(await firings(u.id)).toBe(1);
    });

    it('after a gap in its notifications B reloads every alert', async () => {
      await both('50000');
      const u = await user();
      link().cut();
      const missed = await create(u.token, { pair_id: BTC, kind: 'above', price: '52000' });
      await b().app.products.alerts.idle();
      expect(b().app.products.alerts.index.has(missed.id)).toBe(false);
      link().restore();
      await b().app.products.alerts.idle();
      expect(b().app.products.alerts.index.has(missed.id)).toBe(true);
      await price(b(), 'b', '52000');
      expect(await firings(u.id)).toBe(1);
    });

    it('both watchers reach the same alerts on the same price: each fires once', async () => {
      await both('50000');
      const u = await user();
      const once = await create(u.token, { pair_id: BTC, kind: 'above', price: '50500' });
      const repeating = await create(u.token, { pair_id: BTC, kind: 'above', price: '50400', repeat: true });
      await Promise.all([a().app.products.alerts.synced(), b().app.products.alerts.synced()]);
      await both('50600');
      expect(await firings(u.id)).toBe(2);
      expect(await stored(once.id)).toMatchObject({ status: 'fired', firedCount: 1 });
      // Within its cool-down the repeating one fires no more, whichever process sees the price.
      await both('50700');
      expect(await stored(repeating.id)).toMatchObject({ status: 'active', firedCount: 1 });
      expect(await firings(u.id)).toBe(2);
    });
  },
  (which) => {
    feeds[which] = pushFeed();
    return { market: { manual: true, feed: feeds[which] } };
  },
);
