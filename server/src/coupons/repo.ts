/** Coupon queries: offers, claims and uses. Uses take the caller's transaction. */
import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { UserCouponState } from '@contract/coupon';
import type { Db } from '../db/client';
import { coupons, userCoupons, type CouponRow, type UserCouponRow } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { offsetOf, type PageRequest } from '../lib/paging';

type Reader = Db | Tx;

/** Coupons that can be claimed at `now`: enabled, not expired, in stock. */
export async function offers(db: Reader, now: number): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.enabled, true), gt(coupons.expiresAt, now), sql`${coupons.claimed} < ${coupons.total}`))
    .orderBy(asc(coupons.expiresAt), asc(coupons.id));
}

/** How many of each coupon the user has claimed. */
export async function claimCounts(db: Reader, userId: number, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ id: userCoupons.couponId, n: count() })
    .from(userCoupons)
    .where(and(eq(userCoupons.userId, userId), inArray(userCoupons.couponId, couponIds)))
    .groupBy(userCoupons.couponId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The coupon row under a lock: claims of one coupon queue here, so stock and limits hold. */
export async function lockCoupon(tx: Tx, id: number): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update').limit(1);
  return row;
}

export async function takeOne(tx: Tx, id: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ claimed: sql`${coupons.claimed} + 1` })
    .where(eq(coupons.id, id));
}

export async function insertUserCoupon(tx: Tx, values: typeof userCoupons.$inferInsert): Promise<UserCouponRow> {
  const [row] = await tx.insert(userCoupons).values(values).returning();
  if (!row) throw new Error('user coupon not written');
  return row;
}

const stateWhere = (state: UserCouponState, now: number): SQL | undefined => {
  if (state === 'used') return eq(userCoupons.status, 'used');
  if (state === 'available') return and(eq(userCoupons.status, 'available'), gt(userCoupons.expiresAt, now));
  return and(eq(userCoupons.status, 'available'), lte(userCoupons.expiresAt, now));
};

/** The user's claimed coupons in one state: available soonest expiry first, the others newest first. */
export async function userCouponPage(db: Db, userId: number, state: UserCouponState, now: number, p: PageRequest) {
  const cond = and(eq(userCoupons.userId, userId), stateWhere(state, now));
  const order =
    state === 'available'
      ? [asc(userCoupons.expiresAt), asc(userCoupons.id)]
      : state === 'used'
        ? [desc(userCoupons.usedAt), desc(userCoupons.id)]
        : [desc(userCoupons.expiresAt), desc(userCoupons.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userCoupons)
      .where(cond)
      .orderBy(...order)
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(userCoupons).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The user's usable coupons of a kind at `now` (candidates for a use). */
export async function usable(tx: Tx, userId: number, kind: UserCouponRow['kind'], at: number) {
  return tx
    .select()
    .from(userCoupons)
    .where(
      and(
        eq(userCoupons.userId, userId),
        eq(userCoupons.kind, kind),
        eq(userCoupons.status, 'available'),
        gt(userCoupons.expiresAt, at),
      ),
    )
    .orderBy(asc(userCoupons.expiresAt), asc(userCoupons.id));
}

/** One of the user's claimed coupons (another user's id reads as missing). */
export async function userCouponOf(tx: Tx, userId: number, id: number): Promise<UserCouponRow | undefined> {
  const [row] = await tx
    .select()
    .from(userCoupons)
    .where(and(eq(userCoupons.id, id), eq(userCoupons.userId, userId)))
    .limit(1);
  return row;
}

/** Claims the coupon for a use before the ledger posting (so a lost race posts nothing). */
export async function reserveUse(tx: Tx, id: number, ref: string, at: Date): Promise<UserCouponRow | undefined> {
  const [row] = await tx
    .update(userCoupons)
    .set({ status: 'used', usedAt: at, usedRef: ref })
    .where(and(eq(userCoupons.id, id), eq(userCoupons.status, 'available')))
    .returning();
  return row;
}

export async function recordSaved(tx: Tx, id: number, saved: string, txId: number): Promise<void> {
  await tx.update(userCoupons).set({ saved, txId }).where(eq(userCoupons.id, id));
}

/** Whether something already used a coupon (a retried use). */
export async function usedBy(tx: Tx, ref: string): Promise<UserCouponRow | undefined> {
  const [row] = await tx.select().from(userCoupons).where(eq(userCoupons.usedRef, ref)).limit(1);
  return row;
}

// ---- Console ----

export async function couponPage(db: Db, p: PageRequest) {
  const [rows, [total]] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(coupons),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function usedCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: userCoupons.couponId, n: count() })
    .from(userCoupons)
    .where(and(inArray(userCoupons.couponId, ids), eq(userCoupons.status, 'used')))
    .groupBy(userCoupons.couponId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function insertCoupon(tx: Tx, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await tx.insert(coupons).values(values).returning();
  if (!row) throw new Error('coupon not written');
  return row;
}

export async function updateCoupon(tx: Tx, id: number, values: Partial<typeof coupons.$inferInsert>) {
  const [row] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  if (!row) throw new Error('coupon not updated');
  return row;
}
