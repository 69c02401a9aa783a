import { sql } from 'drizzle-orm';
import { categoryOf, type PushEvent } from '@contract/push';
import type { Db } from '../db/client';
import type { Tx } from '../ledger/index';
import { rows } from '../db/rows';

export type { PushEvent } from '@contract/push';

/** The channel a worker listens on to wake up when rows were queued (also polled). */
export const OUTBOX_CHANNEL = 'push_outbox';

/** Where notify writes: the caller's transaction (the normal case) or the database itself. */
export type NotifyWriter = Tx | Db | { db: Db };

/** One notification: a user and what happened to them. */
export interface Notification {
  userId: number;
  event: PushEvent;
}

const writerOf = (w: NotifyWriter): Tx | Db => ('execute' in w ? w : w.db);

/**
 * Tells `userId` about `event`: a notice in their inbox (listed on every device) and, unless they
 * turned the event's category off, a push to every device they subscribed. Writes both in `tx`,
 * so the notice exists exactly when the caller's change commits (and not at all if it rolls
 * back); a worker delivers the pushes. `at` is when it happened (the caller's clock; default now).
 */
export async function notify(tx: NotifyWriter, userId: number, event: PushEvent, at?: Date): Promise<number> {
  return notifyMany(tx, [{ userId, event }], at);
}

/**
 * `notify` for many users in ONE statement (settlement batches, auction ends): the inbox rows,
 * then the outbox rows of those notices for the users' subscriptions (less muted categories;
 * the push's event id is the notice id). Returns the number of pushes queued.
 */
export async function notifyMany(tx: NotifyWriter, items: readonly Notification[], at?: Date): Promise<number> {
  if (items.length === 0) return 0;
  const when = at ?? new Date();
  const col = <T>(f: (n: Notification) => T) => sql.param(items.map(f));
  const [queued] = await rows<{ n: number }>(
    writerOf(tx),
    sql`
    WITH n AS (
      INSERT INTO notices (user_id, type, category, event, created_at)
      SELECT v.user_id, v.type, v.category, v.event::jsonb, ${when}
      FROM unnest(
        ${col((n) => n.userId)}::int[],
        ${col((n) => n.event.type)}::text[],
        ${col((n) => categoryOf(n.event.type))}::text[],
        ${col((n) => JSON.stringify(n.event))}::text[]
      ) AS v(user_id, type, category, event)
      RETURNING id, user_id, type, category, event
    ), ins AS (
      INSERT INTO push_outbox (subscription_id, user_id, event_id, type, event, created_at)
      SELECT s.id, n.user_id, n.id::text, n.type, n.event, ${when}
      FROM n JOIN push_subscriptions s ON s.user_id = n.user_id
      WHERE NOT EXISTS (SELECT 1 FROM push_muted m WHERE m.user_id = n.user_id AND m.category = n.category)
      RETURNING 1
    )
    SELECT count(*)::int AS n, CASE WHEN count(*) > 0 THEN pg_notify(${OUTBOX_CHANNEL}, '') END AS woke FROM ins`,
  );
  return Number(queued?.n ?? 0);
}

/** The same event for many users (an announcement): `notifyMany` with one event. */
export async function notifyUsers(
  tx: NotifyWriter,
  userIds: readonly number[],
  event: PushEvent,
  at?: Date,
): Promise<number> {
  return notifyMany(
    tx,
    userIds.map((userId) => ({ userId, event })),
    at,
  );
}
