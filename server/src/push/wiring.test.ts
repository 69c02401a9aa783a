import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as micro from '@contract/seconds';
import * as push from '@contract/push';
import * as wallet from '@contract/wallet';
import type { PushEvent } from '@contract/push';
import type { Database } from '../db/client';
import { adminUser, deposit, setPayPassword } from '../testing/fund';
import { pushFeed } from '../testing/trade';
import { callWithKey, okOf } from '../testing/wallet';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { HOUR, SECOND } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { deviceOf } from './events';
import { startFakePushService, type FakePushService } from '../testing/fake-push-service';
import { PushWorker } from './worker';

/**
 * The features that exist notify through the outbox in their own transactions: a seconds
 * contract settled, a recharge reviewed, a new sign-in, a pay password set. The seconds
 * notification is then delivered through the fake push service.
 */

let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(async () => {
  await service.close();
});

let feed = pushFeed();
let era = 0;
const ERA_START = Date.UTC(2032, 0, 1);

const queued = async (database: Database, userId: number) =>
  (
    (await database.db.execute(
      sql`SELECT event FROM push_outbox WHERE user_id = ${userId} ORDER BY id`,
    )) as unknown as { rows: { event: PushEvent | string }[] }
  ).rows.map((r) => (typeof r.event === 'string' ? (JSON.parse(r.event) as PushEvent) : r.event));

async function subscribe(t: TestApp, token: string) {
  const s = service.subscribe();
  okOf(
    push.pushSubscribe,
    (
      await t.call(
        push.pushSubscribe,
        { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, locale: 'en' },
        { token },
      )
    ).body,
  );
  return s;
}

describeEachDatabase(
  'push notifications from the features',
  ({ app, database }) => {
    it('a settled seconds contract is queued with the settlement and delivered', async () => {
      const t = app();
      era += 1;
      t.clock.set(new Date(ERA_START + era * HOUR));
      const { token, user } = await registerUser(t);
      const s = await subscribe(t, token);
      const funded = await callWithKey(
        t,
        wallet.walletChange,
        { currency_id: 3, number: '500', from_field: 'legal', to_field: 'micro' },
        { token, key: randomUUID() },
      );
      expect(funded.body.type).toBe('ok');
      const tick = async (price: string) => {
        feed.push({
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
      await tick('100000');
      const order = okOf(
        micro.microSubmit,
        (
          await callWithKey(
            t,
            micro.microSubmit,
            { lang: 'en', match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '100' },
            { token, key: randomUUID() },
          )
        ).body,
      );
      expect(await queued(database(), user.id)).toEqual([]);
      // The last trade at or before the expiry is above the open: a win of 20 % on 100.
      t.clock.set(new Date(order.end_at - SECOND));
      await tick('100001');
      t.clock.set(new Date(order.end_at + SECOND));
      await tick('100001');
      await t.app.products.seconds.worker.idle();
      expect(await queued(database(), user.id)).toEqual([
        {
          type: 'settlement.seconds',
          order_id: order.id,
          pair: 'BTC/USDT',
          result: 'win',
          profit: '20',
          currency: 'USDT',
        },
      ]);

      const worker = new PushWorker({
        db: t.app.ctx.db,
        keys: t.app.push.keys,
        texts: t.app.pushTexts,
        now: t.clock.now,
        agent: service.agent,
      });
      await worker.drain();
      const [got] = await service.waitFor(1, (r) => r.subscriptionId === s.id);
      expect(got!.payload).toMatchObject({
        category: 'settlement',
        title: 'Seconds contract settled',
        body: 'BTC/USDT: profit 20.00 USDT',
        route: '/pages/transaction/seconds_order',
      });
      expect(got!.urgency).toBe('normal');
      expect(got!.topic).toBeUndefined();
    });

    it('a reviewed recharge, a sign-in from a new device and a pay password change are queued for the user', async () => {
      const t = app();
      const admin = await adminUser(t);
      const { token, user, email, password } = await registerUser(t);
      await subscribe(t, token);
      const id = await deposit(t, admin.token, token, 'USDT', '250');
      const signedIn = await t.app.inject({
        method: 'POST',
        url: `/api${auth.login.path}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
        },
        payload: new URLSearchParams({ user_string: email, password, type: 'email' }).toString(),
        remoteAddress: t.ip,
      });
      expect(signedIn.json()).toMatchObject({ type: 'ok' });
      await setPayPassword(t, token, email);
      expect(await queued(database(), user.id)).toEqual([
        { type: 'wallet.reviewed', kind: 'recharge', id, approved: true, amount: '250', currency: 'USDT' },
        // The account's first sign-in from this phone: a new-device alert, with its one-time link.
        {
          type: 'security.new_device',
          ip: t.ip,
          device: 'Chrome / Android',
          token: expect.stringMatching(/^[\w-]{43}$/),
        },
        { type: 'security.password_changed', which: 'pay' },
      ]);
      // Nothing is queued for a user without a subscription.
      const other = await registerUser(t);
      await deposit(t, admin.token, other.token, 'USDT', '10');
      expect(await queued(database(), other.user.id)).toEqual([]);
      await database().db.execute(sql`DELETE FROM push_outbox WHERE user_id = ${user.id}`);
    });

    it('names devices from their User-Agent', () => {
      expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit Safari/604.1')).toBe(
        'Safari / iOS',
      );
      expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Edg/131.0')).toBe('Edge / Windows');
      expect(deviceOf('')).toBe('?');
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed }, config: { pushWorker: 'external' as const } };
  },
);
