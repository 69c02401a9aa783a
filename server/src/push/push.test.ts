import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as push from '@contract/push';
import type { PushPayload } from '@contract/push';
import type { Database } from '../db/client';
import { inTransaction } from '../ledger/index';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../testing/fake-push-service';
import { loadVapidKeys, vapidFile } from './keys';
import { notify, notifyMany } from './notify';
import { PushWorker, type DeliveryResult } from './worker';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { adminUser } from '../testing/fund';
import { callWithKey, okOf } from '../testing/wallet';

/**
 * Web push end to end against a local HTTPS fake push service that decrypts each payload and
 * checks the VAPID token and the TTL, Urgency and Topic headers: subscriptions, preferences,
 * notify in the caller's transaction, delivery, 404/410, retries on 429 and 5xx, broadcast.
 */

let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(async () => {
  await service.close();
});

type Row = Record<string, unknown>;
const rows = async (database: Database, q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: Row[] }).rows;

const subscribeReq = (t: TestApp, token: string, s: FakeSubscription, locale = 'en') =>
  t.call(push.pushSubscribe, { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, locale }, { token });

async function subscribed(t: TestApp, token: string, locale = 'en') {
  const s = service.subscribe();
  const res = await subscribeReq(t, token, s, locale);
  return { sub: s, row: okOf(push.pushSubscribe, res.body) };
}

/** A worker on the test's database and clock that trusts the fake service. */
function workerFor(t: TestApp, results: DeliveryResult[] = []) {
  return new PushWorker({
    db: t.app.ctx.db,
    keys: t.app.push.keys,
    texts: t.app.pushTexts,
    now: t.clock.now,
    agent: service.agent,
    onResult: (r) => results.push(r),
  });
}

const outbid = (artwork: number) => ({
  type: 'auction.outbid' as const,
  artwork_id: artwork,
  name: 'Blue Moon',
  price: '120.5',
  currency: 'USDT',
});

const of = (s: FakeSubscription) => (r: { subscriptionId: string }) => r.subscriptionId === s.id;

describeEachDatabase(
  'web push',
  ({ app, database }) => {
    it('serves the VAPID public key kept in the data folder in demo mode', async () => {
      const t = app();
      const res = okOf(push.pushPublicKey, (await t.call(push.pushPublicKey)).body);
      expect(res.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const stored = JSON.parse(await readFile(vapidFile(t.config.dataDir), 'utf8')) as { publicKey: string };
      expect(stored.publicKey).toBe(res.public_key);
      // The next start reads the same pair instead of making a new one.
      expect((await loadVapidKeys(t.config)).publicKey).toBe(res.public_key);
      await expect(loadVapidKeys({ ...t.config, mode: 'production', vapid: undefined })).rejects.toThrow(/VAPID/);
    });

    it('subscribes several devices, lists and removes them; another user cannot remove them', async () => {
      const t = app();
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const a1 = await subscribed(t, alice.token, 'en');
      const a2 = await subscribed(t, alice.token, 'jp');
      const list = okOf(
        push.pushSubscriptions,
        (await t.call(push.pushSubscriptions, {}, { token: alice.token })).body,
      );
      expect(list.map((s) => s.id).sort()).toEqual([a1.row.id, a2.row.id].sort());
      expect(list.find((s) => s.id === a2.row.id)?.locale).toBe('jp');

      // Bob cannot see or remove Alice's subscriptions, by id or by endpoint.
      const other = await t.call(push.pushUnsubscribe, { id: a1.row.id }, { token: bob.token, lang: 'en' });
      expect(other.body).toEqual({ type: 'error', message: 'The record does not exist' });
      const otherByEndpoint = await t.call(push.pushUnsubscribe, { endpoint: a1.sub.endpoint }, { token: bob.token });
      expect(otherByEndpoint.body.type).toBe('error');
      expect(
        okOf(push.pushSubscriptions, (await t.call(push.pushSubscriptions, {}, { token: bob.token })).body),
      ).toEqual([]);

      const removed = await t.call(push.pushUnsubscribe, { endpoint: a1.sub.endpoint }, { token: alice.token });
      expect(okOf(push.pushUnsubscribe, removed.body)).toEqual({ removed: 1 });
      const left = okOf(
        push.pushSubscriptions,
        (await t.call(push.pushSubscriptions, {}, { token: alice.token })).body,
      );
      expect(left.map((s) => s.id)).toEqual([a2.row.id]);

      // The same device subscribing for Bob moves to Bob, taking nothing queued for Alice.
      await notify(t.app.ctx.db, alice.user.id, outbid(1), t.clock.now());
      const moved = okOf(push.pushSubscribe, (await subscribeReq(t, bob.token, a2.sub, 'fra')).body);
      expect(moved.id).toBe(a2.row.id);
      expect(moved.locale).toBe('fra');
      const queued = await rows(
        database(),
        sql`SELECT count(*)::int AS n FROM push_outbox WHERE subscription_id = ${moved.id}`,
      );
      expect(queued[0]!.n).toBe(0);
    });

    it('refuses bad input with field errors', async () => {
      const t = app();
      const { token } = await registerUser(t);
      const s = service.subscribe();
      const base = { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, locale: 'en' };
      const bad: Record<string, unknown>[] = [
        { ...base, endpoint: 'http://push.example/x' },
        { ...base, endpoint: 'not a url' },
        { ...base, endpoint: undefined },
        { ...base, p256dh: 'short' },
        { ...base, p256dh: `${'A'.repeat(86)}!` },
        { ...base, auth: '' },
        { ...base, locale: 'de' },
      ];
      for (const body of bad) {
        const res = await t.call(push.pushSubscribe, body, { token, lang: 'en' });
        expect(res.body.type, JSON.stringify(body)).toBe('error');
      }
      expect((await t.call(push.pushUnsubscribe, {}, { token })).body.type).toBe('error');
      expect((await t.call(push.pushUnsubscribe, { id: 'x' }, { token })).body.type).toBe('error');
      expect((await t.call(push.pushPrefsSet, {}, { token })).body.type).toBe('error');
      expect((await t.call(push.pushPrefsSet, { auction: 'maybe' }, { token })).body.type).toBe('error');
      const admin = await adminUser(t);
      const noTitle = await callWithKey(
        t,
        push.adminPushBroadcast,
        { title: '', body: 'x' },
        { token: admin.token, key: randomUUID() },
      );
      expect(noTitle.body.type).toBe('error');
      const badRoute = await callWithKey(
        t,
        push.adminPushBroadcast,
        { title: 't', body: 'b', route: 'https://evil.example' },
        { token: admin.token, key: randomUUID() },
      );
      expect(badRoute.body.type).toBe('error');
      expect(okOf(push.pushSubscriptions, (await t.call(push.pushSubscriptions, {}, { token })).body)).toEqual([]);
    });

    it('keeps one row for a burst of subscribes of one device, and at most 20 devices per user', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      const s = service.subscribe();
      const same = await Promise.all(Array.from({ length: 25 }, () => subscribeReq(t, token, s)));
      const ids = new Set(same.map((r) => okOf(push.pushSubscribe, r.body).id));
      expect(ids.size).toBe(1);
      const many = await Promise.all(Array.from({ length: 30 }, () => subscribeReq(t, token, service.subscribe())));
      for (const r of many) expect(r.body.type).toBe('ok');
      const n = await rows(
        database(),
        sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${user.id}`,
      );
      expect(n[0]!.n).toBe(20);
    });

    it('keeps preferences per category and queues nothing for a category turned off', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      await subscribed(t, token);
      expect(okOf(push.pushPrefs, (await t.call(push.pushPrefs, {}, { token })).body)).toEqual({
        system: true,
        trade: true,
        settlement: true,
        wallet: true,
        security: true,
        auction: true,
        nft: true,
        support: true,
      });
      const set = await t.call(push.pushPrefsSet, { auction: 'false', settlement: '0' }, { token });
      expect(okOf(push.pushPrefsSet, set.body)).toMatchObject({ auction: false, settlement: false, system: true });
      // Repeating is harmless; a burst of the same setting leaves one state.
      await Promise.all(Array.from({ length: 10 }, () => t.call(push.pushPrefsSet, { auction: 'false' }, { token })));
      expect(await notify(t.app.ctx.db, user.id, outbid(2), t.clock.now())).toBe(0);
      // Muting stops the push only: the notice is in the inbox all the same.
      const inbox = await rows(
        database(),
        sql`SELECT type FROM notices WHERE user_id = ${user.id} AND category = 'auction'`,
      );
      expect(inbox.map((r) => r.type)).toEqual(['auction.outbid']);
      expect(await notify(t.app.ctx.db, user.id, { type: 'security.password_changed', which: 'pay' })).toBe(1);
      await t.call(push.pushPrefsSet, { auction: true }, { token });
      expect(await notify(t.app.ctx.db, user.id, outbid(2), t.clock.now())).toBe(1);
      await database().db.execute(sql`DELETE FROM push_outbox WHERE user_id = ${user.id}`);
    });

    it('queues with the caller’s transaction: a rolled back change notifies no one', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      await subscribed(t, token);
      await expect(
        inTransaction(t.app.ctx.db, async (tx) => {
          await notify(tx, user.id, outbid(3), t.clock.now());
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      const none = await rows(database(), sql`SELECT count(*)::int AS n FROM push_outbox WHERE user_id = ${user.id}`);
      expect(none[0]!.n).toBe(0);
      const queued = await inTransaction(t.app.ctx.db, (tx) =>
        notifyMany(
          tx,
          [
            { userId: user.id, event: outbid(3) },
            { userId: user.id, event: { type: 'auction.ending_10m', artwork_id: 3, name: 'Blue Moon' } },
            { userId: 999_999, event: outbid(3) },
          ],
          t.clock.now(),
        ),
      );
      expect(queued).toBe(2);
      await database().db.execute(sql`DELETE FROM push_outbox WHERE user_id = ${user.id}`);
    });

    it('delivers encrypted, localized payloads with VAPID, TTL, urgency and topic to each device', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      const en = await subscribed(t, token, 'en');
      const jp = await subscribed(t, token, 'jp');
      await inTransaction(t.app.ctx.db, (tx) => notify(tx, user.id, outbid(12), t.clock.now()));
      const results: DeliveryResult[] = [];
      expect(await workerFor(t, results).drain()).toBe(2);
      expect(results.map((r) => r.outcome)).toEqual(['delivered', 'delivered']);
      const [toEn] = await service.waitFor(1, of(en.sub));
      const [toJp] = await service.waitFor(1, of(jp.sub));
      const key = t.app.push.keys.publicKey;
      for (const r of [toEn!, toJp!]) {
        expect(r.vapidValid).toBe(true);
        expect(r.vapidKey).toBe(key);
        expect(r.claims?.aud).toBe(service.origin);
        expect(r.contentEncoding).toBe('aes128gcm');
        expect(r.ttl).toBeGreaterThan(3000);
        expect(r.ttl).toBeLessThanOrEqual(3600);
        expect(r.urgency).toBe('high');
        expect(r.topic).toBe('outbid-12');
        expect(r.bytes).toBeLessThan(4096);
      }
      const a = push.pushPayloadSchema.parse(toEn!.payload);
      const b = push.pushPayloadSchema.parse(toJp!.payload);
      // One event, one id on every device: the client de-duplicates by it.
      expect(a.id).toBe(b.id);
      expect(a).toMatchObject({
        category: 'auction',
        title: 'You have been outbid',
        body: 'The current bid on "Blue Moon" is 120.50 USDT',
        route: '/pages/nft/artworkDetail?id=12',
        tag: 'outbid-12',
        actions: [{ action: 'bid', title: 'Bid again', route: '/pages/nft/purchase?id=12' }],
      });
      expect(b.title).toBe('入札額を上回られました');
      expect(b.actions[0]!.title).toBe('再入札');
      expect(await rows(database(), sql`SELECT id FROM push_outbox WHERE user_id = ${user.id}`)).toEqual([]);
    });

    it('deletes a subscription the push service says is gone (410, 404)', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      const gone = await subscribed(t, token);
      const missing = await subscribed(t, token);
      const kept = await subscribed(t, token);
      service.respond((r) =>
        r.subscriptionId === gone.sub.id ? 410 : r.subscriptionId === missing.sub.id ? 404 : 201,
      );
      try {
        await notify(
          t.app.ctx.db,
          user.id,
          { type: 'security.login', ip: '10.0.0.1', device: 'Chrome' },
          t.clock.now(),
        );
        const results: DeliveryResult[] = [];
        await workerFor(t, results).drain();
        expect(results.map((r) => r.outcome).sort()).toEqual(['delivered', 'gone', 'gone']);
      } finally {
        service.respond(undefined);
      }
      const left = okOf(push.pushSubscriptions, (await t.call(push.pushSubscriptions, {}, { token })).body);
      expect(left.map((s) => s.id)).toEqual([kept.row.id]);
      expect(await rows(database(), sql`SELECT id FROM push_outbox WHERE user_id = ${user.id}`)).toEqual([]);
    });

    it('retries 429 (after its Retry-After) and 5xx with backoff until delivered', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      const limited = await subscribed(t, token);
      const failing = await subscribed(t, token);
      let refusals = 0;
      service.respond((r) => {
        if (refusals >= 4) return 201;
        refusals += 1;
        return r.subscriptionId === limited.sub.id
          ? { status: 429, headers: { 'retry-after': '120' } }
          : r.subscriptionId === failing.sub.id
            ? 503
            : 201;
      });
      const results: DeliveryResult[] = [];
      const worker = workerFor(t, results);
      try {
        await notify(
          t.app.ctx.db,
          user.id,
          { type: 'settlement.seconds', order_id: 7, pair: 'BTC/USDT', result: 'win', profit: '8.5', currency: 'USDT' },
          t.clock.now(),
        );
        await worker.drain();
        expect(results.map((r) => r.outcome)).toEqual(['retry', 'retry']);
        const waiting = await rows(
          database(),
          sql`SELECT next_at, attempts, last_error FROM push_outbox WHERE user_id = ${user.id} ORDER BY id`,
        );
        expect(waiting.map((w) => w.attempts)).toEqual([1, 1]);
        expect(waiting.map((w) => w.last_error).sort()).toEqual(['HTTP 429', 'HTTP 503']);
        // Not before the backoff: nothing is due yet.
        t.clock.advance(1_000);
        expect(await worker.drain()).toBe(0);
        // Past the 429's Retry-After both are tried again; two more refusals, then accepted.
        t.clock.advance(130_000);
        await worker.drain();
        t.clock.advance(300_000);
        await worker.drain();
      } finally {
        service.respond(undefined);
        // Whatever happened, nothing of this test is left for the next one's worker.
        if (results.filter((r) => r.outcome === 'delivered').length < 2) {
          await database().db.execute(sql`DELETE FROM push_outbox WHERE user_id = ${user.id}`);
        }
      }
      expect(results.filter((r) => r.outcome === 'delivered')).toHaveLength(2);
      expect(results.filter((r) => r.outcome === 'retry')).toHaveLength(4);
      expect(await rows(database(), sql`SELECT id FROM push_outbox WHERE user_id = ${user.id}`)).toEqual([]);
    });

    it('drops a notification that outlived its TTL instead of delivering it late', async () => {
      const t = app();
      const { token, user } = await registerUser(t);
      await subscribed(t, token);
      await notify(t.app.ctx.db, user.id, outbid(5), t.clock.now());
      t.clock.advance(2 * 3_600_000);
      const results: DeliveryResult[] = [];
      await workerFor(t, results).drain();
      expect(results.map((r) => r.outcome)).toEqual(['expired']);
      expect(await rows(database(), sql`SELECT id FROM push_outbox WHERE user_id = ${user.id}`)).toEqual([]);
    });

    it('broadcasts an announcement to subscribed users with system on, audited, admins only', async () => {
      const t = app();
      const admin = await adminUser(t);
      const users = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
      const subs = await Promise.all(users.map((u) => subscribed(t, u.token, 'hk')));
      await t.call(push.pushPrefsSet, { system: false }, { token: users[2]!.token });
      const denied = await callWithKey(
        t,
        push.adminPushBroadcast,
        { title: 'x', body: 'y' },
        { token: users[0]!.token, key: randomUUID() },
      );
      expect(denied.status).toBe(403);

      const key = randomUUID();
      const body = { title: '系統維護', body: '今晚 22:00 起維護 30 分鐘', route: '/pages/common/article?id=3' };
      // A double submit with the same key sends once.
      const [first, again] = await Promise.all([
        callWithKey(t, push.adminPushBroadcast, body, { token: admin.token, key }),
        callWithKey(t, push.adminPushBroadcast, body, { token: admin.token, key }),
      ]);
      const sent = okOf(push.adminPushBroadcast, first.body);
      expect(okOf(push.adminPushBroadcast, again.body)).toEqual(sent);
      // Earlier tests' users may still be subscribed: at least these two, never the muted one.
      expect(sent.users).toBeGreaterThanOrEqual(2);
      const mine = await rows(
        database(),
        sql`SELECT user_id FROM push_outbox WHERE user_id = ANY(${sql.param(users.map((u) => u.user.id))}::int[]) ORDER BY user_id`,
      );
      expect(mine.map((r) => Number(r.user_id))).toEqual([users[0]!.user.id, users[1]!.user.id].sort((x, y) => x - y));
      const audited = await rows(
        database(),
        sql`SELECT action, admin_id FROM audit_log WHERE action = 'push.broadcast'`,
      );
      expect(audited.some((a) => Number(a.admin_id) === admin.user.id)).toBe(true);

      await workerFor(t).drain();
      for (const s of subs.slice(0, 2)) {
        const [r] = await service.waitFor(1, of(s.sub));
        const p = r!.payload as PushPayload;
        expect(p).toMatchObject({ category: 'system', title: body.title, body: body.body, route: body.route });
        expect(r!.urgency).toBe('low');
        expect(r!.topic).toBeUndefined();
      }
      expect(service.received.some(of(subs[2]!.sub))).toBe(false);
    });
  },
  { config: { pushWorker: 'external' } },
);

describeEachDatabase('web push worker in the API process', ({ app, database }) => {
  it('starts with the app and is woken by a commit', async () => {
    const t = app();
    expect(t.app.push.worker).toBeDefined();
    const { token, user } = await registerUser(t);
    await subscribed(t, token);
    await notify(t.app.ctx.db, user.id, outbid(8), t.clock.now());
    // This worker does not trust the fake service's certificate: the attempt fails as a network
    // error and is scheduled again, which shows it ran without anyone asking it to.
    const deadline = Date.now() + 60_000;
    let tried: Row | undefined;
    while (Date.now() < deadline) {
      [tried] = await rows(database(), sql`SELECT attempts, last_error FROM push_outbox WHERE user_id = ${user.id}`);
      if (tried && Number(tried.attempts) > 0 && tried.last_error) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(Number(tried?.attempts)).toBe(1);
    expect(String(tried?.last_error)).toMatch(/certificate|self.signed/i);
    await database().db.execute(sql`DELETE FROM push_outbox WHERE user_id = ${user.id}`);
  });
});
