/** Price alerts' SQL; every user-facing query is scoped to the alert's owner. */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announce } from '../../db/follow';
import { priceAlerts, type PriceAlertRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';

export type NewAlert = typeof priceAlerts.$inferInsert;

/**
 * Every committed change of an alert is announced here (its id), in the transaction of the
 * change, so the watcher of every process indexes it (`AlertWatcher.follow`).
 */
export const ALERTS_CHANNEL = 'price_alerts';

async function announced<T extends { id: number } | undefined>(tx: Tx, row: T): Promise<T> {
  if (row) await announce(tx, ALERTS_CHANNEL, [row.id]);
  return row;
}

/** Serializes a user's alert changes that count active alerts (create, resume) on the user's row. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function activeCount(tx: Db | Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
  return row?.n ?? 0;
}

export async function insertAlert(tx: Tx, row: NewAlert): Promise<PriceAlertRow> {
  const [created] = await tx.insert(priceAlerts).values(row).returning();
  return announced(tx, created!);
}

export async function userAlerts(db: Db, userId: number, pairId?: number): Promise<PriceAlertRow[]> {
  return db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), pairId === undefined ? undefined : eq(priceAlerts.pairId, pairId)))
    .orderBy(desc(priceAlerts.id));
}

export async function userAlert(db: Db | Tx, userId: number, id: number): Promise<PriceAlertRow | undefined> {
  const [row] = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .limit(1);
  return row;
}

/** Moves the user's alert to `status` unless it is there already; undefined when nothing changed. */
export async function setStatus(
  tx: Tx,
  userId: number,
  id: number,
  from: 'active' | 'not_active',
  status: PriceAlertRow['status'],
  now: Date,
): Promise<PriceAlertRow | undefined> {
  const [row] = await tx
    .update(priceAlerts)
    .set({ status, updatedAt: now })
    .where(
      and(
        eq(priceAlerts.id, id),
        eq(priceAlerts.userId, userId),
        from === 'active' ? eq(priceAlerts.status, 'active') : ne(priceAlerts.status, 'active'),
      ),
    )
    .returning();
  return announced(tx, row);
}

export async function deleteAlert(tx: Tx, userId: number, id: number): Promise<PriceAlertRow | undefined> {
  const [row] = await tx
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning();
  return announced(tx, row);
}

/** Every active alert: what the watcher indexes at start. */
export async function activeAlerts(db: Db): Promise<PriceAlertRow[]> {
  return db.select().from(priceAlerts).where(eq(priceAlerts.status, 'active'));
}

export async function alertsByIds(db: Db, ids: number[]): Promise<PriceAlertRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(priceAlerts).where(inArray(priceAlerts.id, ids));
}

/** What the feed showed when an alert was evaluated. */
export interface Tick {
  price: string;
  /** 24 h change in percent (signed). */
  change: string;
}

/**
 * Records one firing of an alert, or nothing: the update applies only while the alert is active,
 * its condition holds at this tick, and (repeating) its cool-down has passed since the last firing.
 * Two evaluations of the same tick, in one process or two, meet the row lock; the second sees the
 * first's commit (a one-shot `fired`, a repeating stamped now) and updates nothing.
 */
export async function recordFiring(tx: Tx, id: number, tick: Tick, now: Date): Promise<PriceAlertRow | undefined> {
  const price = sql`${tick.price}::numeric`;
  const change = sql`${tick.change}::numeric`;
  const [row] = await tx
    .update(priceAlerts)
    .set({
      status: sql`CASE WHEN ${priceAlerts.repeat} THEN 'active' ELSE 'fired' END`,
      firedCount: sql`${priceAlerts.firedCount} + 1`,
      lastFiredAt: now,
      lastFiredPrice: tick.price,
      lastFiredChange: tick.change,
      updatedAt: now,
    })
    .where(
      and(
        eq(priceAlerts.id, id),
        eq(priceAlerts.status, 'active'),
        sql`(NOT ${priceAlerts.repeat} OR ${priceAlerts.lastFiredAt} IS NULL
             OR ${priceAlerts.lastFiredAt} <= ${now.toISOString()}::timestamptz - make_interval(mins => ${priceAlerts.cooldownMinutes}))`,
        sql`CASE ${priceAlerts.kind}
              WHEN 'above' THEN ${priceAlerts.price} <= ${price}
              WHEN 'below' THEN ${priceAlerts.price} >= ${price}
              ELSE ${priceAlerts.percent} <= abs(${change}) END`,
      ),
    )
    .returning();
  return announced(tx, row);
}
