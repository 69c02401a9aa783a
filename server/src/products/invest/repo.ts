/** The dual module's queries: products, their shares, a user's orders and the due orders. */
import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DualState, DualType } from '@contract/invest';
import type { Db } from '../../db/client';
import { dualOrders, dualProducts, type DualOrderRow, type DualProductRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/types';
import { offsetOf, type PageRequest } from '../../lib/paging';

type NewProduct = Omit<typeof dualProducts.$inferInsert, 'id' | 'soldShares'>;
export type NewDualOrder = Omit<
  typeof dualOrders.$inferInsert,
  'id' | 'settlePrice' | 'settlePriceAt' | 'settleSource' | 'payout' | 'payoutCurrencyId' | 'settledAt'
>;

/** Products still on sale (enabled, sale not ended) of a type, optionally of one coin; shortest term first. */
export async function productsOnSale(
  db: Db,
  filter: { type: DualType; currencyId: number | undefined; now: number },
): Promise<DualProductRow[]> {
  const where: SQL[] = [
    eq(dualProducts.type, filter.type),
    eq(dualProducts.enabled, true),
    gt(dualProducts.saleEndsAt, filter.now),
  ];
  if (filter.currencyId !== undefined) where.push(eq(dualProducts.currencyId, filter.currencyId));
  return db
    .select()
    .from(dualProducts)
    .where(and(...where))
    .orderBy(
      asc(dualProducts.currencyId),
      asc(dualProducts.holdingDays),
      asc(dualProducts.linkedPrice),
      asc(dualProducts.id),
    )
    .limit(200);
}

export async function productById(db: Db | Tx, id: number): Promise<DualProductRow | undefined> {
  const [row] = await db.select().from(dualProducts).where(eq(dualProducts.id, id));
  return row;
}

/**
 * Takes `shares` of a product on sale: one conditional update, so concurrent buys of the last
 * shares never sell more than there are (a waiting buy re-reads the row after the first commits).
 * Undefined when the product is not on sale or fewer shares are left.
 */
export async function takeShares(tx: Tx, id: number, shares: number, now: Date): Promise<DualProductRow | undefined> {
  const [row] = await tx
    .update(dualProducts)
    .set({ soldShares: sql`${dualProducts.soldShares} + ${shares}`, updatedAt: now })
    .where(
      and(
        eq(dualProducts.id, id),
        eq(dualProducts.enabled, true),
        gt(dualProducts.saleEndsAt, now.getTime()),
        lte(sql`${dualProducts.soldShares} + ${shares}`, dualProducts.totalShares),
      ),
    )
    .returning();
  return row;
}

export async function insertOrder(tx: Tx, order: NewDualOrder): Promise<DualOrderRow> {
  const [row] = await tx.insert(dualOrders).values(order).returning();
  if (!row) throw new Error('dual order not written');
  return row;
}

function stateWhere(state: DualState | undefined, now: number): SQL | undefined {
  switch (state) {
    case 'purchased':
      return and(eq(dualOrders.status, 'purchased'), gt(dualOrders.maturityAt, now));
    case 'settling':
      return and(eq(dualOrders.status, 'purchased'), lte(dualOrders.maturityAt, now));
    case 'completed':
    case 'failed':
      return eq(dualOrders.status, state);
    case undefined:
      return undefined;
  }
}

/** The user's orders, newest first; only rows of `userId` are ever read. */
export async function userOrders(
  db: Db,
  userId: number,
  filter: PageRequest & { state?: DualState | undefined; now: number },
): Promise<{ rows: DualOrderRow[]; total: number }> {
  const cond = and(eq(dualOrders.userId, userId), stateWhere(filter.state, filter.now));
  const [counted] = await db.select({ n: count() }).from(dualOrders).where(cond);
  const rows = await db
    .select()
    .from(dualOrders)
    .where(cond)
    .orderBy(desc(dualOrders.id))
    .limit(filter.limit)
    .offset(offsetOf(filter));
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * Unsettled orders matured by `until`, oldest maturity first, locked; rows another sweep holds are
 * skipped (it settles them).
 */
export async function lockDueOrders(tx: Tx, until: number, limit: number): Promise<DualOrderRow[]> {
  return tx
    .select()
    .from(dualOrders)
    .where(and(eq(dualOrders.status, 'purchased'), lte(dualOrders.maturityAt, until)))
    .orderBy(asc(dualOrders.maturityAt), asc(dualOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Moves an order out of `purchased` once; false when it already left (the caller rolls back). */
export async function finishOrder(
  tx: Tx,
  id: number,
  set: Pick<
    typeof dualOrders.$inferInsert,
    'status' | 'settlePrice' | 'settlePriceAt' | 'settleSource' | 'payout' | 'payoutCurrencyId' | 'settledAt'
  >,
): Promise<boolean> {
  const done = await tx
    .update(dualOrders)
    .set(set)
    .where(and(eq(dualOrders.id, id), eq(dualOrders.status, 'purchased')))
    .returning({ id: dualOrders.id });
  return done.length === 1;
}

/** The earliest maturity still unsettled (null: none). */
export async function oldestUnsettledMaturity(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ m: sql<string | null>`min(${dualOrders.maturityAt})` })
    .from(dualOrders)
    .where(eq(dualOrders.status, 'purchased'));
  return row?.m == null ? null : Number(row.m);
}

// ---- Back office and demo ----

export async function allProducts(db: Db, p: PageRequest): Promise<{ rows: DualProductRow[]; total: number }> {
  const [counted] = await db.select({ n: count() }).from(dualProducts);
  const rows = await db.select().from(dualProducts).orderBy(desc(dualProducts.id)).limit(p.limit).offset(offsetOf(p));
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function lockProduct(tx: Tx, id: number): Promise<DualProductRow | undefined> {
  const [row] = await tx.select().from(dualProducts).where(eq(dualProducts.id, id)).for('update');
  return row;
}

export async function insertProduct(tx: Tx, values: NewProduct): Promise<DualProductRow | undefined> {
  const [row] = await tx.insert(dualProducts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProduct(
  tx: Tx,
  id: number,
  values: Omit<NewProduct, 'createdAt' | 'seedKey' | 'type'>,
): Promise<DualProductRow> {
  const [row] = await tx.update(dualProducts).set(values).where(eq(dualProducts.id, id)).returning();
  if (!row) throw new Error(`dual product ${id} not updated`);
  return row;
}

/** Which of these seed keys exist already. */
export async function existingSeedKeys(db: Db | Tx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ k: dualProducts.seedKey })
    .from(dualProducts)
    .where(inArray(dualProducts.seedKey, keys));
  return new Set(rows.map((r) => r.k ?? ''));
}

/** Per coin: what the user's unsettled orders hold (shares x price per share), and how many orders they ever made. */
export async function userInvestedTotals(db: Db, userId: number) {
  return db
    .select({
      currencyId: dualOrders.currencyId,
      invested: sql<string>`coalesce(sum(${dualOrders.amount}) filter (where ${dualOrders.status} = 'purchased'), 0)::text`,
      orders: count(),
    })
    .from(dualOrders)
    .where(eq(dualOrders.userId, userId))
    .groupBy(dualOrders.currencyId);
}
