import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@contract/domain/locales';
import { PUSH_CATEGORIES, type PushCategory, type PushPrefs } from '@contract/push';
import type { Db } from '../db/client';
import { pushMuted, pushSubscriptions, type PushSubscriptionRow } from '../db/schema/index';
import type { Tx } from '../ledger/index';
import { rows } from '../db/rows';

/** Most devices one user keeps subscribed; subscribing another drops the least recently renewed. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * Stores a device's subscription for `userId`: new, or the endpoint's row updated (keys,
 * language, owner). A device that moves to another account takes nothing queued for the previous
 * owner with it. Keeps at most `MAX_SUBSCRIPTIONS_PER_USER` per user.
 */
export async function upsertSubscription(
  tx: Tx,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; locale: Locale; now: Date },
): Promise<PushSubscriptionRow> {
  // One user's subscribes one at a time, so the cap holds under a burst.
  await tx.execute(sql`SELECT id FROM users WHERE id = ${s.userId} FOR UPDATE`);
  const [row] = await tx
    .insert(pushSubscriptions)
    .values({
      userId: s.userId,
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      locale: s.locale,
      createdAt: s.now,
      updatedAt: s.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth, locale: s.locale, updatedAt: s.now },
    })
    .returning();
  await tx.execute(sql`DELETE FROM push_outbox WHERE subscription_id = ${row!.id} AND user_id <> ${s.userId}`);
  await tx.execute(sql`
    DELETE FROM push_subscriptions WHERE id IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${s.userId}
      ORDER BY updated_at DESC, id DESC OFFSET ${MAX_SUBSCRIPTIONS_PER_USER})`);
  return row!;
}

export async function userSubscriptions(db: Db | Tx, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id));
}

/** Deletes the user's subscription by id or endpoint; another user's is left alone. */
export async function deleteSubscription(
  db: Db,
  userId: number,
  by: { id?: number | undefined; endpoint?: string | undefined },
): Promise<number> {
  const which =
    by.id !== undefined ? eq(pushSubscriptions.id, by.id) : eq(pushSubscriptions.endpoint, by.endpoint ?? '');
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), which))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function prefsOf(db: Db | Tx, userId: number): Promise<PushPrefs> {
  const muted = new Set((await db.select().from(pushMuted).where(eq(pushMuted.userId, userId))).map((r) => r.category));
  return Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, !muted.has(c)])) as PushPrefs;
}

/** Turns the given categories on (deletes the muted row) or off (inserts it). */
export async function setPrefs(tx: Tx, userId: number, set: Partial<Record<PushCategory, boolean>>): Promise<void> {
  const on = PUSH_CATEGORIES.filter((c) => set[c] === true);
  const off = PUSH_CATEGORIES.filter((c) => set[c] === false);
  if (on.length > 0) {
    await tx.delete(pushMuted).where(and(eq(pushMuted.userId, userId), inArray(pushMuted.category, on)));
  }
  if (off.length > 0) {
    await tx
      .insert(pushMuted)
      .values(off.map((category) => ({ userId, category })))
      .onConflictDoNothing();
  }
}

/** Every account that is not disabled: an announcement lands in each inbox (pushed where subscribed). */
export async function announcedUsers(db: Db | Tx): Promise<number[]> {
  const users = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE NOT disabled ORDER BY id`);
  return users.map((r) => Number(r.id));
}
