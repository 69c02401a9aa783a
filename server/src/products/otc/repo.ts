import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AdSide, MerchantState, OrderState } from '@contract/otc';
import type { Db } from '../../db/client';
import {
  bankCards,
  otcAds,
  otcApplications,
  otcMessages,
  otcOrders,
  users,
  type OtcAdRow,
  type OtcApplicationRow,
  type OtcOrderRow,
} from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { offsetOf, pageWithTotal, type PageRequest } from '../../lib/paging';

/** All of OTC's SQL. Writers take the caller's transaction so row locks stay inside it. */
type Reader = Db | Tx;

// --- people ---

export async function userBrief(db: Reader, userId: number) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, level: users.level })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function nicknames(db: Reader, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** The user's bound card of a kind (the payout bindings), or undefined. */
export async function cardOf(db: Reader, userId: number, kind: 'domestic' | 'international') {
  const [row] = await db
    .select({ details: bankCards.details })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind)));
  return row?.details;
}

// --- merchant applications ---

export async function insertApplication(tx: Tx, values: typeof otcApplications.$inferInsert) {
  const [row] = await tx.insert(otcApplications).values(values).returning();
  return row!;
}

export async function latestApplication(db: Reader, userId: number): Promise<OtcApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(otcApplications)
    .where(eq(otcApplications.userId, userId))
    .orderBy(desc(otcApplications.id))
    .limit(1);
  return row;
}

export async function isMerchant(db: Reader, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: otcApplications.id })
    .from(otcApplications)
    .where(and(eq(otcApplications.userId, userId), eq(otcApplications.state, 'approved')))
    .limit(1);
  return row !== undefined;
}

export async function applicationForUpdate(tx: Tx, id: number) {
  const [row] = await tx.select().from(otcApplications).where(eq(otcApplications.id, id)).for('update');
  return row;
}

export async function decideApplication(
  tx: Tx,
  id: number,
  set: { state: MerchantState; reason: string; reviewerId: number; reviewedAt: Date },
) {
  const [row] = await tx
    .update(otcApplications)
    .set(set)
    .where(and(eq(otcApplications.id, id), eq(otcApplications.state, 'review')))
    .returning();
  return row;
}

export async function applicationsByState(db: Db, state: MerchantState, p: PageRequest) {
  const where = eq(otcApplications.state, state);
  return pageWithTotal(
    db
      .select({ application: otcApplications, nickname: users.nickname, level: users.level })
      .from(otcApplications)
      .innerJoin(users, eq(users.id, otcApplications.userId))
      .where(where)
      .orderBy(asc(otcApplications.id))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(otcApplications).where(where),
  );
}

// --- ads ---

export async function insertAd(tx: Tx, values: typeof otcAds.$inferInsert): Promise<OtcAdRow> {
  const [row] = await tx.insert(otcAds).values(values).returning();
  return row!;
}

export async function adById(db: Reader, id: number): Promise<OtcAdRow | undefined> {
  const [row] = await db.select().from(otcAds).where(eq(otcAds.id, id));
  return row;
}

export async function adForUpdate(tx: Tx, id: number): Promise<OtcAdRow | undefined> {
  const [row] = await tx.select().from(otcAds).where(eq(otcAds.id, id)).for('update');
  return row;
}

export async function updateAd(tx: Tx, id: number, set: Partial<typeof otcAds.$inferInsert>): Promise<OtcAdRow> {
  const [row] = await tx.update(otcAds).set(set).where(eq(otcAds.id, id)).returning();
  return row!;
}

/**
 * Takes `quantity` from an online ad if it still has it: one conditional update, so concurrent
 * orders on one ad queue on its row and never take more than it has.
 */
export async function takeFromAd(tx: Tx, id: number, quantity: string): Promise<OtcAdRow | undefined> {
  const [row] = await tx
    .update(otcAds)
    .set({ remaining: sql`${otcAds.remaining} - ${quantity}::numeric` })
    .where(and(eq(otcAds.id, id), eq(otcAds.status, 'online'), sql`${otcAds.remaining} >= ${quantity}::numeric`))
    .returning();
  return row;
}

/** A cancelled order's quantity goes back to its ad (also a paused or closed one: the sums stay whole). */
export async function giveBackToAd(tx: Tx, id: number, quantity: string): Promise<void> {
  await tx
    .update(otcAds)
    .set({ remaining: sql`${otcAds.remaining} + ${quantity}::numeric` })
    .where(eq(otcAds.id, id));
}

/** Online ads with something left (at most LIST_MAX; the service sorts them by price and pages). */
export const LIST_MAX = 500;

export async function listAds(db: Db, f: { side: AdSide; currencyId: number; fiat?: string | undefined }) {
  const conditions: SQL[] = [
    eq(otcAds.status, 'online'),
    eq(otcAds.side, f.side),
    eq(otcAds.currencyId, f.currencyId),
    gt(otcAds.remaining, '0'),
  ];
  if (f.fiat) conditions.push(eq(otcAds.fiat, f.fiat));
  return db
    .select()
    .from(otcAds)
    .where(and(...conditions))
    .orderBy(asc(otcAds.id))
    .limit(LIST_MAX);
}

export async function adsOf(db: Db, merchantId: number, p: PageRequest) {
  const where = eq(otcAds.merchantId, merchantId);
  return pageWithTotal(
    db.select().from(otcAds).where(where).orderBy(desc(otcAds.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(otcAds).where(where),
  );
}

// --- orders ---

export async function insertOrder(tx: Tx, values: typeof otcOrders.$inferInsert): Promise<OtcOrderRow> {
  const [row] = await tx.insert(otcOrders).values(values).returning();
  return row!;
}

export async function orderById(db: Reader, id: number): Promise<OtcOrderRow | undefined> {
  const [row] = await db.select().from(otcOrders).where(eq(otcOrders.id, id));
  return row;
}

export async function orderForUpdate(tx: Tx, id: number): Promise<OtcOrderRow | undefined> {
  const [row] = await tx.select().from(otcOrders).where(eq(otcOrders.id, id)).for('update');
  return row;
}

/** Moves an order from `from` (conditional), so a move happens once however many try it. */
export async function moveOrder(
  tx: Tx,
  id: number,
  from: OrderState[],
  set: Partial<typeof otcOrders.$inferInsert>,
): Promise<OtcOrderRow | undefined> {
  const [row] = await tx
    .update(otcOrders)
    .set(set)
    .where(and(eq(otcOrders.id, id), inArray(otcOrders.status, from)))
    .returning();
  return row;
}

const sideOf = (userId: number) => sql`(${otcOrders.buyerId} = ${userId} OR ${otcOrders.sellerId} = ${userId})`;

export async function ordersOf(db: Db, userId: number, open: boolean, p: PageRequest) {
  const states: OrderState[] = open ? ['unpaid', 'paid', 'appeal'] : ['completed', 'cancelled'];
  const where = and(sideOf(userId), inArray(otcOrders.status, states));
  return pageWithTotal(
    db.select().from(otcOrders).where(where).orderBy(desc(otcOrders.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(otcOrders).where(where),
  );
}

/** Unpaid orders whose payment window ended by `at`, oldest first. */
export async function dueUnpaid(tx: Tx, at: Date, max: number): Promise<number[]> {
  const rows = await tx
    .select({ id: otcOrders.id })
    .from(otcOrders)
    .where(and(eq(otcOrders.status, 'unpaid'), lte(otcOrders.payDeadline, at)))
    .orderBy(asc(otcOrders.payDeadline))
    .limit(max);
  return rows.map((r) => r.id);
}

export async function appealOrders(db: Db, decided: boolean, p: PageRequest) {
  const where = decided
    ? and(sql`${otcOrders.appealAt} IS NOT NULL`, inArray(otcOrders.status, ['completed', 'cancelled']))
    : eq(otcOrders.status, 'appeal');
  return pageWithTotal(
    db.select().from(otcOrders).where(where).orderBy(asc(otcOrders.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(otcOrders).where(where),
  );
}

// --- messages ---

export async function insertMessage(db: Reader, values: typeof otcMessages.$inferInsert) {
  const [row] = await db.insert(otcMessages).values(values).returning();
  return row!;
}

export async function messagesOf(db: Reader, orderIds: number[], after = 0) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(otcMessages)
    .where(and(inArray(otcMessages.orderId, orderIds), gt(otcMessages.id, after)))
    .orderBy(asc(otcMessages.id))
    .limit(500);
}

/** Whether `name` is an image attached to the order (its proof, an appeal image or a chat image). */
export async function orderHasImage(db: Reader, orderId: number, ref: string): Promise<boolean> {
  const res = (await db.execute(sql`SELECT 1 FROM otc_orders o WHERE o.id = ${orderId} AND (o.proof = ${ref}
      OR coalesce(o.appeal_images, '[]'::jsonb) ? ${ref}
      OR EXISTS (SELECT 1 FROM otc_messages m WHERE m.order_id = o.id AND m.image = ${ref}))`)) as unknown as {
    rows: unknown[];
  };
  return res.rows.length > 0;
}

// --- reputation ---

/**
 * Each merchant's figures from their orders (as the ad's merchant): completed orders, completed
 * over finished (completed + cancelled), and the average seconds from "paid" to release over the
 * completed orders where the merchant was the seller.
 */
export async function merchantFigures(db: Reader, merchantIds: number[]) {
  if (merchantIds.length === 0)
    return new Map<number, { completed: number; finished: number; avgRelease: number | null }>();
  const rows = await db
    .select({
      merchantId: otcOrders.merchantId,
      completed: sql<string>`count(*) FILTER (WHERE ${otcOrders.status} = 'completed')`,
      finished: sql<string>`count(*) FILTER (WHERE ${otcOrders.status} IN ('completed', 'cancelled'))`,
      avgRelease: sql<string | null>`avg(extract(epoch FROM ${otcOrders.finishedAt} - ${otcOrders.paidAt}))
        FILTER (WHERE ${otcOrders.status} = 'completed' AND ${otcOrders.sellerId} = ${otcOrders.merchantId}
          AND ${otcOrders.decision} IS NULL)`,
    })
    .from(otcOrders)
    .where(inArray(otcOrders.merchantId, [...new Set(merchantIds)]))
    .groupBy(otcOrders.merchantId);
  return new Map(
    rows.map((r) => [
      r.merchantId,
      {
        completed: Number(r.completed),
        finished: Number(r.finished),
        avgRelease: r.avgRelease === null ? null : Math.round(Number(r.avgRelease)),
      },
    ]),
  );
}

/** Escrow check: open orders whose hold is not held, or whose hold is not their quantity. */
export async function escrowMismatches(db: Reader): Promise<number> {
  const res = (await db.execute(sql`SELECT count(*) AS n FROM otc_orders o JOIN ledger_holds h ON h.id = o.hold_id
    WHERE (o.status IN ('unpaid', 'paid', 'appeal')) <> (h.status = 'held')
       OR (o.status IN ('unpaid', 'paid', 'appeal') AND h.remaining <> o.quantity)`)) as unknown as {
    rows: { n: string }[];
  };
  return Number(res.rows[0]!.n);
}
