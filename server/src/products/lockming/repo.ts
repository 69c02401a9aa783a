/** Lock mining's SQL: products, published rates and orders (orders always scoped to their owner for users). */
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { LockStatus } from '@contract/lockming';
import type { Db } from '../../db/client';
import {
  lockOrders,
  lockProducts,
  lockRates,
  type LockOrderRow,
  type LockProductRow,
  type LockRateRow,
} from '../../db/schema/index';
import type { LocalizedTexts } from '../../lib/localized';
import { offsetOf, type PageRequest } from '../../lib/paging';
import type { Tx } from '../../ledger/index';
import { rows } from '../../db/rows';

export type NewLockOrder = typeof lockOrders.$inferInsert;
export type NewLockProduct = typeof lockProducts.$inferInsert;

/** Namespace of the advisory lock that makes the demo seed run once across processes. */
const SEED_LOCK = 0x4c4f434b;

export async function products(db: Db | Tx, onlyOpen: boolean): Promise<LockProductRow[]> {
  return db
    .select()
    .from(lockProducts)
    .where(onlyOpen ? eq(lockProducts.status, 1) : undefined)
    .orderBy(asc(lockProducts.id));
}

export async function product(db: Db | Tx, id: number): Promise<LockProductRow | undefined> {
  const [row] = await db.select().from(lockProducts).where(eq(lockProducts.id, id)).limit(1);
  return row;
}

/** Locks a product row for an admin update until the transaction ends. */
export async function productForUpdate(tx: Tx, id: number): Promise<LockProductRow | undefined> {
  const [row] = await tx.select().from(lockProducts).where(eq(lockProducts.id, id)).for('update');
  return row;
}

/**
 * A product read under a share lock: an admin update waits for deposits in flight (each order
 * copies the terms it read), while deposits of different users never wait for each other.
 */
export async function productForShare(tx: Tx, id: number): Promise<LockProductRow | undefined> {
  const [row] = await tx.select().from(lockProducts).where(eq(lockProducts.id, id)).for('share');
  return row;
}

export async function insertProduct(tx: Tx, values: NewLockProduct): Promise<LockProductRow> {
  const [row] = await tx.insert(lockProducts).values(values).returning();
  if (!row) throw new Error('product not written');
  return row;
}

export async function updateProduct(tx: Tx, id: number, set: Partial<NewLockProduct>): Promise<LockProductRow> {
  const [row] = await tx.update(lockProducts).set(set).where(eq(lockProducts.id, id)).returning();
  if (!row) throw new Error('product not updated');
  return row;
}

/** Gives `texts` to the products still named `name` that have no translations yet. */
export async function localizeProductsNamed(tx: Tx, name: string, texts: LocalizedTexts): Promise<void> {
  await tx
    .update(lockProducts)
    .set({ texts })
    .where(and(eq(lockProducts.name, name), sql`${lockProducts.texts} = '{}'::jsonb`));
}

/** Takes the seed's advisory lock and says whether any product exists yet. */
export async function lockSeedAndCount(tx: Tx): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
  const [row] = await tx.select({ n: count() }).from(lockProducts);
  return Number(row?.n ?? 0);
}

/** Publishes rates; a (product, day) already published keeps its rate. */
export async function publishRates(tx: Db | Tx, rows: LockRateRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(lockRates).values(rows).onConflictDoNothing();
}

/** Published rates of some products between two days (inclusive). */
export async function ratesBetween(
  db: Db | Tx,
  productIds: number[],
  from: number,
  to: number,
): Promise<LockRateRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(lockRates)
    .where(and(inArray(lockRates.productId, productIds), gte(lockRates.day, from), lte(lockRates.day, to)));
}

export async function insertOrder(tx: Tx, values: NewLockOrder): Promise<LockOrderRow> {
  const [row] = await tx.insert(lockOrders).values(values).returning();
  if (!row) throw new Error('order not written');
  return row;
}

/**
 * Locks an order in progress (of `userId` when given) for the rest of the transaction; undefined
 * when there is none (missing, another user's, or already redeemed: a concurrent redemption waits
 * here and then finds it redeemed). Jobs pass `skipLocked`: a row a redemption holds is that
 * redemption's to finish, and waiting for it while holding other rows could deadlock.
 */
export async function lockInProgress(
  tx: Tx,
  id: number,
  userId?: number,
  skipLocked = false,
): Promise<LockOrderRow | undefined> {
  const where = [eq(lockOrders.id, id), eq(lockOrders.status, 'in_progress')];
  if (userId !== undefined) where.push(eq(lockOrders.userId, userId));
  const [row] = await tx
    .select()
    .from(lockOrders)
    .where(and(...where))
    .for('update', skipLocked ? { skipLocked: true } : {});
  return row;
}

export async function userOrder(db: Db | Tx, userId: number, id: number): Promise<LockOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(lockOrders)
    .where(and(eq(lockOrders.id, id), eq(lockOrders.userId, userId)))
    .limit(1);
  return row;
}

/** Ends an order in progress; false when it no longer is (someone was first). */
export async function markRedeemed(tx: Tx, id: number, set: Partial<NewLockOrder>): Promise<LockOrderRow | undefined> {
  const [row] = await tx
    .update(lockOrders)
    .set({ ...set, status: 'redeemed' })
    .where(and(eq(lockOrders.id, id), eq(lockOrders.status, 'in_progress')))
    .returning();
  return row;
}

/** A page of the user's orders in one state: in progress soonest end first, redeemed latest first. */
export async function userOrders(
  db: Db,
  userId: number,
  status: LockStatus,
  p: PageRequest,
): Promise<{ rows: LockOrderRow[]; total: number }> {
  const cond = and(eq(lockOrders.userId, userId), eq(lockOrders.status, status));
  const [counted] = await db.select({ n: count() }).from(lockOrders).where(cond);
  const order =
    status === 'in_progress'
      ? [asc(lockOrders.endAt), asc(lockOrders.id)]
      : [desc(lockOrders.redeemedAt), desc(lockOrders.id)];
  const rows = await db
    .select()
    .from(lockOrders)
    .where(cond)
    .orderBy(...order)
    .limit(p.limit)
    .offset(offsetOf(p));
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Where a job's walk over the orders in progress has got to (the live index's order). */
export interface LiveCursor {
  endAt: Date;
  id: number;
}

/**
 * The next `max` orders in progress after `after` in the live index's order (end, id) that
 * `where` selects, row-locked for the rest of the transaction. Rows a redemption holds are
 * skipped (`SKIP LOCKED`): that redemption finishes them, and waiting for it while holding other
 * users' rows could deadlock.
 */
async function lockLiveChunk(
  tx: Tx,
  where: ReturnType<typeof sql>,
  after: LiveCursor | null,
  max: number,
): Promise<LockOrderRow[]> {
  return tx
    .select()
    .from(lockOrders)
    .where(
      and(
        eq(lockOrders.status, 'in_progress'),
        where,
        after
          ? sql`(${lockOrders.endAt}, ${lockOrders.id}) > (${after.endAt.toISOString()}::timestamptz, ${after.id}::int)`
          : undefined,
      ),
    )
    .orderBy(asc(lockOrders.endAt), asc(lockOrders.id))
    .limit(max)
    .for('update', { skipLocked: true });
}

/** A chunk of orders in progress with unpaid interest days ending by `throughDay`, locked. */
export const lockOwedChunk = (tx: Tx, throughDay: number, after: LiveCursor | null, max: number) =>
  lockLiveChunk(tx, sql`${lockOrders.paidThroughDay} < least(${lockOrders.lastDay}, ${throughDay}::int)`, after, max);

/** A chunk of orders in progress whose lock ended by `at`, locked. */
export const lockDueChunk = (tx: Tx, at: Date, after: LiveCursor | null, max: number) =>
  lockLiveChunk(tx, sql`${lockOrders.endAt} <= ${at.toISOString()}::timestamptz`, after, max);

/** The open holds of some orders (their principal), by hold id. */
export async function openHolds(tx: Tx, ids: number[]): Promise<Map<number, { amount: string; remaining: string }>> {
  if (ids.length === 0) return new Map();
  const held = await rows<{ id: number; amount: string; remaining: string }>(
    tx,
    sql`SELECT id, amount, remaining FROM ledger_holds WHERE id = ANY(${sql.param(ids)}::int[]) AND status = 'held'`,
  );
  return new Map(held.map((r) => [Number(r.id), { amount: String(r.amount), remaining: String(r.remaining) }]));
}

/** The paid-through day and interest of an order after a payment, from the day it was paid through. */
export interface PaidUpdate {
  id: number;
  fromDay: number;
  paidThroughDay: number;
  interest: string;
}

/**
 * Records payments of many orders in one statement, each conditional on the day it was paid
 * through and on being in progress (RETURNING: the caller checks the row count). `matured` also
 * ends them as matured (no penalty, the principal refunded) at `at`.
 */
export function markPaidMany(rows: PaidUpdate[], matured?: { at: Date }): ReturnType<typeof sql> {
  const end = matured
    ? sql`, status = 'redeemed', redeem_kind = 'matured', penalty = 0, refund = o.amount,
        redeemed_at = ${matured.at.toISOString()}::timestamptz`
    : sql``;
  return sql`UPDATE lock_orders AS o SET paid_through_day = v.until, interest = v.interest${end}
    FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.fromDay))}::int[],
      ${sql.param(rows.map((r) => r.paidThroughDay))}::int[], ${sql.param(rows.map((r) => r.interest))}::numeric[])
      AS v(id, from_day, until, interest)
    WHERE o.id = v.id AND o.paid_through_day = v.from_day AND o.status = 'in_progress'
    RETURNING o.id`;
}

/** Per currency: the principal of the user's orders in progress, and how many orders they ever made. */
export async function userLockedTotals(db: Db, userId: number) {
  return db
    .select({
      currencyId: lockOrders.currencyId,
      locked: sql<string>`coalesce(sum(${lockOrders.amount}) filter (where ${lockOrders.status} = 'in_progress'), 0)::text`,
      orders: count(),
    })
    .from(lockOrders)
    .where(eq(lockOrders.userId, userId))
    .groupBy(lockOrders.currencyId);
}
