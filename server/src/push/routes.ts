import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/push';
import type { PushSubscriptionView } from '@contract/push';
import { toLocale } from '@contract/domain/locales';
import type { PushSubscriptionRow } from '../db/schema/index';
import { AppError } from '../errors';
import { inTransaction } from '../ledger/index';
import { bindEndpoint, signedIn } from '../plugins/contract';
import { idempotent } from '../plugins/idempotent';
import { notifyUsers } from './notify';
import type { PushRuntime } from './runtime';
import { audit } from '../audit/index';
import { deleteSubscription, prefsOf, setPrefs, announcedUsers, upsertSubscription, userSubscriptions } from './repo';

export interface PushRoutesOptions {
  runtime: PushRuntime;
}

const view = (s: PushSubscriptionRow): PushSubscriptionView => ({
  id: s.id,
  endpoint: s.endpoint,
  locale: toLocale(s.locale),
  created_at: s.createdAt.getTime(),
});

export async function pushRoutes(app: FastifyInstance, { runtime }: PushRoutesOptions): Promise<void> {
  const { ctx } = app;
  const { keys } = runtime;

  bindEndpoint(app, contract.pushPublicKey, () => ({ public_key: keys.publicKey }));

  bindEndpoint(app, contract.pushSubscribe, async (input, h) => {
    const userId = signedIn(h).user.id;
    const row = await inTransaction(ctx.db, (tx) =>
      upsertSubscription(tx, {
        userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        locale: input.locale,
        now: ctx.now(),
      }),
    );
    return view(row);
  });

  bindEndpoint(app, contract.pushUnsubscribe, async (input, h) => {
    const userId = signedIn(h).user.id;
    const removed = await deleteSubscription(ctx.db, userId, input);
    if (removed === 0) throw new AppError('record_not_found', { field: input.id !== undefined ? 'id' : 'endpoint' });
    return { removed };
  });

  bindEndpoint(app, contract.pushSubscriptions, async (_input, h) =>
    (await userSubscriptions(ctx.db, signedIn(h).user.id)).map(view),
  );

  bindEndpoint(app, contract.pushPrefs, (_input, h) => prefsOf(ctx.db, signedIn(h).user.id));

  bindEndpoint(app, contract.pushPrefsSet, async (input, h) => {
    const userId = signedIn(h).user.id;
    return inTransaction(ctx.db, async (tx) => {
      await setPrefs(tx, userId, input);
      return prefsOf(tx, userId);
    });
  });

  bindEndpoint(app, contract.adminPushBroadcast, async (input, h) => {
    const admin = signedIn(h).user;
    const runOnce = idempotent(h);
    return runOnce(input, async (tx, now) => {
      const users = await announcedUsers(tx);
      const event = {
        type: 'system.announcement' as const,
        title: input.title,
        body: input.body,
        ...(input.route ? { route: input.route } : {}),
      };
      await notifyUsers(tx, users, event, now);
      await audit(tx, {
        adminId: admin.id,
        action: 'push.broadcast',
        entity: 'push_announcement',
        entityId: 0,
        before: null,
        after: { ...event, users: users.length },
        at: now,
      });
      return { users: users.length };
    });
  });
}
