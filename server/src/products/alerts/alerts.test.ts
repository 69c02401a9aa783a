import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as alerts from '@contract/alerts';
import { notices, priceAlerts } from '../../db/schema/index';
import { inTransaction } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { instrument, pushFeed, tick } from '../../testing/trade';
import { okOf } from '../../testing/wallet';
import { AlertWatcher, quoteTick } from './runtime';
import { fireAlert } from './service';

let feed = pushFeed();
const BTC = instrument('BTC/USDT').id;
const ETH = instrument('ETH/USDT').id;

describeEachDatabase(
  'price alerts API',
  ({ app, database }) => {
    const user = async (t: TestApp) => {
      const u = await registerUser(t);
      return { token: u.token, id: u.user.id };
    };
    const price = async (t: TestApp, p: string, symbol = 'BTC/USDT') => {
      await tick(t, feed, symbol, p);
      await t.app.products.alerts.idle();
    };
    const create = (t: TestApp, token: string, body: Record<string, unknown>) =>
      t.call(alerts.alertCreate, { lang: 'en', ...body }, { token });
    const created = async (t: TestApp, token: string, body: Record<string, unknown>) =>
      okOf(alerts.alertCreate, (await create(t, token, body)).body);
    const list = async (t: TestApp, token: string) =>
      okOf(alerts.alertList, (await t.call(alerts.alertList, {}, { token })).body);
    const fired = async (userId: number) =>
      (
        await database()
          .db.select({ event: notices.event })
          .from(notices)
          .where(and(eq(notices.userId, userId), eq(notices.type, 'trade.price_alert')))
      ).map((r) => r.event as { alert_id: number; kind: string; price: string; change: string; target: string });

    it('creates, lists, pauses, resumes and deletes alerts', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const above = await created(t, u.token, { pair_id: BTC, kind: 'above', price: '60000.50' });
      expect(above).toMatchObject({
        pair_id: BTC,
        symbol: 'BTC/USDT',
        kind: 'above',
        price: '60000.5',
        percent: null,
        repeat: false,
        cooldown_minutes: alerts.ALERT_COOLDOWN_DEFAULT,
        status: 'active',
        fired_count: 0,
        last_fired_at: null,
      });
      const change = await created(t, u.token, {
        pair_id: ETH,
        kind: 'change',
        percent: '5',
        price: '1',
        repeat: 'true',
        cooldown_minutes: 30,
      });
      // A change alert keeps its percent only.
      expect(change).toMatchObject({ kind: 'change', percent: '5', price: null, repeat: true, cooldown_minutes: 30 });
      expect(await list(t, u.token)).toMatchObject({
        items: [{ id: change.id }, { id: above.id }],
        active: 2,
        max_active: 50,
      });
      const onlyEth = okOf(
        alerts.alertList,
        (await t.call(alerts.alertList, { pair_id: ETH }, { token: u.token })).body,
      );
      expect(onlyEth.items.map((a) => a.id)).toEqual([change.id]);
      expect(t.app.products.alerts.index.has(above.id)).toBe(true);

      const paused = okOf(
        alerts.alertPause,
        (await t.call(alerts.alertPause, { id: above.id }, { token: u.token })).body,
      );
      expect(paused.status).toBe('paused');
      expect(t.app.products.alerts.index.has(above.id)).toBe(false);
      // A replay answers the same.
      const again = okOf(
        alerts.alertPause,
        (await t.call(alerts.alertPause, { id: above.id }, { token: u.token })).body,
      );
      expect(again.status).toBe('paused');
      expect((await list(t, u.token)).active).toBe(1);
      const resumed = okOf(
        alerts.alertResume,
        (await t.call(alerts.alertResume, { id: above.id }, { token: u.token })).body,
      );
      expect(resumed.status).toBe('active');
      expect(t.app.products.alerts.index.has(above.id)).toBe(true);

      const del = await t.call(alerts.alertDelete, { id: above.id }, { token: u.token });
      expect(okOf(alerts.alertDelete, del.body)).toEqual({ removed: 1 });
      expect(t.app.products.alerts.index.has(above.id)).toBe(false);
      expect((await list(t, u.token)).items.map((a) => a.id)).toEqual([change.id]);
      const gone = await t.call(alerts.alertDelete, { id: above.id, lang: 'en' }, { token: u.token });
      expect(gone.body).toMatchObject({ type: 'error', message: 'The record does not exist' });
    });

    it('refuses bad input with field errors and anonymous callers', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const bad: Record<string, unknown>[] = [
        { kind: 'above', price: '1' },
        { pair_id: BTC, kind: 'above' },
        { pair_id: BTC, kind: 'below', percent: '5' },
        { pair_id: BTC, kind: 'change', price: '5' },
        { pair_id: BTC, kind: 'change', percent: '1000.5' },
        { pair_id: BTC, kind: 'sideways', price: '1' },
        { pair_id: BTC, kind: 'above', price: '-1' },
        { pair_id: BTC, kind: 'above', price: '0' },
        { pair_id: BTC, kind: 'above', price: '1e5' },
        { pair_id: BTC, kind: 'above', price: '1', cooldown_minutes: 0 },
        { pair_id: BTC, kind: 'above', price: '1', cooldown_minutes: 7 * 24 * 60 + 1 },
        { pair_id: BTC, kind: 'above', price: '1', repeat: 'maybe' },
        { pair_id: 99_999, kind: 'above', price: '1' },
        { pair_id: 2 ** 31, kind: 'above', price: '1' },
      ];
      for (const body of bad) {
        const res = await create(t, u.token, body);
        expect(res.body.type, JSON.stringify(body)).toBe('error');
      }
      expect((await create(t, u.token, { pair_id: BTC, kind: 'change', percent: '1000.5' })).body.message).toMatch(
        /invalid/i,
      );
      expect((await list(t, u.token)).items).toEqual([]);
      const anon = await t.call(alerts.alertCreate, { pair_id: BTC, kind: 'above', price: '1' });
      expect(anon.body.type).toBe('999');
      expect((await t.call(alerts.alertList, {})).body.type).toBe('999');
      for (const e of [alerts.alertPause, alerts.alertResume, alerts.alertDelete]) {
        expect((await t.call(e, { id: 'x' }, { token: u.token })).body.type).toBe('error');
      }
    });

    it('keeps at most 50 active alerts, also under a burst, with a localized refusal', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_v, i) =>
          create(t, u.token, { pair_id: BTC, kind: 'above', price: String(90_000 + i) }),
        ),
      );
      expect(burst.filter((r) => r.body.type === 'ok')).toHaveLength(50);
      const refused = burst.filter((r) => r.body.type !== 'ok');
      expect(refused).toHaveLength(10);
      for (const r of refused) expect(r.body.message).toContain('at most 50 active price alerts');
      const zh = await t.call(
        alerts.alertCreate,
        { lang: 'zh', pair_id: BTC, kind: 'below', price: '1' },
        { token: u.token },
      );
      expect(zh.body).toMatchObject({ type: 'error' });
      expect(zh.body.message).toContain('50');
      expect(zh.body.message).not.toContain('{max}');
      const mine = await list(t, u.token);
      expect(mine.active).toBe(50);
      expect(mine.items.every((a) => t.app.products.alerts.index.has(a.id))).toBe(true);
      // Paused ones do not count; resuming past the limit is refused.
      const first = mine.items[0]!;
      okOf(alerts.alertPause, (await t.call(alerts.alertPause, { id: first.id }, { token: u.token })).body);
      const extra = await created(t, u.token, { pair_id: BTC, kind: 'below', price: '1' });
      const resume = await t.call(alerts.alertResume, { id: first.id, lang: 'en' }, { token: u.token });
      expect(resume.body.message).toContain('at most 50 active price alerts');
      okOf(alerts.alertDelete, (await t.call(alerts.alertDelete, { id: extra.id }, { token: u.token })).body);
      // Resumes racing for the one free place: one wins.
      const other = mine.items[1]!;
      okOf(alerts.alertPause, (await t.call(alerts.alertPause, { id: other.id }, { token: u.token })).body);
      const race = await Promise.all(
        [first.id, other.id, first.id, other.id].map((id) => t.call(alerts.alertResume, { id }, { token: u.token })),
      );
      expect(race.filter((r) => r.body.type === 'ok').length).toBeGreaterThanOrEqual(1);
      expect((await list(t, u.token)).active).toBe(50);
    });

    it("answers another user's ids as missing and leaves them alone", async () => {
      const t = app();
      await price(t, '50000');
      const owner = await user(t);
      const other = await user(t);
      const a = await created(t, owner.token, { pair_id: BTC, kind: 'below', price: '40000' });
      for (const e of [alerts.alertPause, alerts.alertResume, alerts.alertDelete]) {
        const res = await t.call(e, { id: a.id, lang: 'en' }, { token: other.token });
        expect(res.body).toMatchObject({ type: 'error', message: 'The record does not exist' });
      }
      expect((await list(t, other.token)).items).toEqual([]);
      const [row] = await database().db.select().from(priceAlerts).where(eq(priceAlerts.id, a.id));
      expect(row?.status).toBe('active');
    });

    it('fires a one-shot alert once at the first trade that crosses, whatever evaluates it', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const up = await created(t, u.token, { pair_id: BTC, kind: 'above', price: '50500' });
      const down = await created(t, u.token, { pair_id: BTC, kind: 'below', price: '49000' });
      await price(t, '50400');
      expect(await fired(u.id)).toEqual([]);
      const at = t.clock.now().getTime();
      await price(t, '50600');
      await price(t, '50700');
      expect(await fired(u.id)).toEqual([
        {
          type: 'trade.price_alert',
          alert_id: up.id,
          pair: 'BTC/USDT',
          kind: 'above',
          target: '50500',
          price: '50600',
          change: expect.any(String),
        },
      ]);
      const [mine] = (await list(t, u.token)).items.filter((a) => a.id === up.id);
      expect(mine).toMatchObject({ status: 'fired', fired_count: 1, last_fired_at: at, last_fired_price: '50600' });
      expect(t.app.products.alerts.index.has(up.id)).toBe(false);
      expect(t.app.products.alerts.index.has(down.id)).toBe(true);

      // A burst of evaluations of one crossing (retries, a second process): one firing.
      await price(t, '48000');
      const again = await created(t, u.token, { pair_id: BTC, kind: 'below', price: '48500' });
      // Reached by the index only through the evaluations below.
      t.app.products.alerts.forget(again.id);
      const tickNow = { price: '48000', change: '-4' };
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          inTransaction(database().db, (tx) => fireAlert(tx, again.id, tickNow, t.clock.now())),
        ),
      );
      expect(results.filter((r) => r !== undefined)).toHaveLength(1);
      // Two watchers rebuilt from the database (two processes) fed the same trade.
      const down2 = await created(t, u.token, { pair_id: BTC, kind: 'below', price: '47000' });
      const watchers = [0, 1].map(
        () =>
          new AlertWatcher({
            db: database().db,
            now: () => t.clock.now(),
            log: (err) => {
              throw err;
            },
            tickOf: (pairId) => quoteTick(t.app.ctx.market, pairId),
          }),
      );
      await Promise.all(watchers.map((w) => w.reload()));
      expect(watchers.every((w) => w.index.has(down2.id))).toBe(true);
      await Promise.all(watchers.map((w) => w.fire([down2.id, down2.id], BTC, { price: '46900' })));
      await price(t, '46800');
      const ids = (await fired(u.id)).map((e) => e.alert_id);
      expect(ids.filter((id) => id === again.id)).toHaveLength(1);
      expect(ids.filter((id) => id === down2.id)).toHaveLength(1);
      expect(ids.filter((id) => id === down.id)).toHaveLength(1);
      expect(ids).toHaveLength(4);
    });

    it('fires a repeating alert again only after its cool-down', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const a = await created(t, u.token, {
        pair_id: BTC,
        kind: 'above',
        price: '51000',
        repeat: true,
        cooldown_minutes: 5,
      });
      await price(t, '51100');
      expect(await fired(u.id)).toHaveLength(1);
      // Still above, within the cool-down: nothing.
      t.clock.advance(4 * MINUTE);
      await price(t, '51200');
      expect(await fired(u.id)).toHaveLength(1);
      expect(t.app.products.alerts.index.has(a.id)).toBe(true);
      t.clock.advance(MINUTE);
      await price(t, '51300');
      const events = await fired(u.id);
      expect(events.map((e) => e.price)).toEqual(['51100', '51300']);
      const [row] = (await list(t, u.token)).items;
      expect(row).toMatchObject({ status: 'active', fired_count: 2, last_fired_price: '51300' });
      // Below the target after the cool-down: it waits for the price to come back.
      t.clock.advance(10 * MINUTE);
      await price(t, '50000');
      expect(await fired(u.id)).toHaveLength(2);
      await price(t, '51000');
      expect(await fired(u.id)).toHaveLength(3);
    });

    it('fires a 24 h change alert beyond its percent either way', async () => {
      const t = app();
      await price(t, '50000');
      const u = await user(t);
      const a = await created(t, u.token, { pair_id: BTC, kind: 'change', percent: '5' });
      const watcher = t.app.products.alerts;
      watcher.onChange(BTC, '4.99');
      watcher.onChange(BTC, '-4.5');
      await watcher.idle();
      expect(await fired(u.id)).toEqual([]);
      watcher.onChange(BTC, '-5.2');
      watcher.onChange(BTC, '-6');
      await watcher.idle();
      expect(await fired(u.id)).toEqual([
        {
          type: 'trade.price_alert',
          alert_id: a.id,
          pair: 'BTC/USDT',
          kind: 'change',
          target: '5',
          price: '50000',
          change: '-5.2',
        },
      ]);
      expect((await list(t, u.token)).items[0]).toMatchObject({ status: 'fired', last_fired_change: '-5.2' });
      // Resumed, it fires on a rise as well.
      okOf(alerts.alertResume, (await t.call(alerts.alertResume, { id: a.id }, { token: u.token })).body);
      watcher.onChange(BTC, '5');
      await watcher.idle();
      expect((await fired(u.id)).map((e) => e.change)).toEqual(['-5.2', '5']);
      // The pump feeds the pairs' 24 h change: the live quote's own change reaches the index.
      const b = await created(t, u.token, { pair_id: BTC, kind: 'change', percent: '0.0001' });
      await price(t, '52000');
      const live = quoteTick(t.app.ctx.market, BTC)!;
      expect(Math.abs(Number(live.change))).toBeGreaterThan(0.0001);
      expect((await fired(u.id)).filter((e) => e.alert_id === b.id)).toHaveLength(1);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
