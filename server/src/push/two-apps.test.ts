import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as push from '@contract/push';
import { rows } from '../db/rows';
import { inTransaction } from '../ledger/index';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { startFakePushService, type FakePushService } from '../testing/fake-push-service';
import { describeTwoApps } from '../testing/two-apps';
import { okOf } from '../testing/wallet';
import { notifyMany } from './notify';
import { PushWorker, type DeliveryResult } from './worker';

/**
 * Two apps on one database stand for two server processes, each with a push worker draining the
 * one outbox at once: every row is claimed by one worker (`FOR UPDATE SKIP LOCKED` and its lease),
 * so each notification reaches each device once.
 */
let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(async () => {
  await service.close();
});

describeTwoApps(
  'web push across two processes',
  ({ a, b, database }) => {
    /** A worker of `t`'s process (its own pool) in small batches, so the two interleave. */
    const workerOf = (t: TestApp, results: DeliveryResult[]) =>
      new PushWorker({
        db: t.app.ctx.db,
        keys: t.app.push.keys,
        texts: t.app.pushTexts,
        now: t.clock.now,
        agent: service.agent,
        batch: 7,
        concurrency: 3,
        onResult: (r) => results.push(r),
      });

    it('two workers drain the same outbox: each push is delivered once', async () => {
      const users: number[] = [];
      const subscriptions: string[] = [];
      for (let i = 0; i < 4; i++) {
        const { token, user } = await registerUser(a());
        users.push(user.id);
        for (let d = 0; d < 2; d++) {
          const s = service.subscribe();
          const body = { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, locale: 'en' };
          okOf(push.pushSubscribe, (await a().call(push.pushSubscribe, body, { token })).body);
          subscriptions.push(s.id);
        }
      }
      const events = users.flatMap((userId) =>
        Array.from({ length: 10 }, (_, n) => ({
          userId,
          event: {
            type: 'auction.outbid' as const,
            artwork_id: n + 1,
            name: 'Blue Moon',
            price: '1',
            currency: 'USDT',
          },
        })),
      );
      await inTransaction(a().app.ctx.db, (tx) => notifyMany(tx, events, a().clock.now()));
      const results: DeliveryResult[] = [];
      const drained = await Promise.all([workerOf(a(), results).drain(), workerOf(b(), results).drain()]);
      expect(drained[0] + drained[1]).toBe(80);
      // Both took part: small batches, claimed side by side.
      expect(Math.min(...drained)).toBeGreaterThan(0);
      expect(results.every((r) => r.outcome === 'delivered')).toBe(true);
      expect(new Set(results.map((r) => r.id)).size).toBe(80);
      const mine = new Set(subscriptions);
      const arrived = await service.waitFor(80, (r) => mine.has(r.subscriptionId));
      const seen = arrived.map((r) => `${r.subscriptionId}/${push.pushPayloadSchema.parse(r.payload).id}`);
      expect(new Set(seen).size).toBe(80);
      expect(service.received.filter((r) => mine.has(r.subscriptionId))).toHaveLength(80);
      const left = await rows(
        database().db,
        sql`SELECT id FROM push_outbox WHERE user_id = ANY(${sql.param(users)}::int[])`,
      );
      expect(left).toEqual([]);
    });
  },
  () => ({ config: { pushWorker: 'external' } }),
);
