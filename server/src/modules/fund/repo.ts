import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recharges, users, withdrawals, type RechargeRow, type WithdrawalRow } from '../../db/schema/index';
import { offsetOf } from '../../lib/paging';

/**
 * The fund module's read queries: a user's recharges and withdrawals, and the review queues with
 * the owner's account number. Rows as stored; the routes turn them into the contract's shapes.
 */

export async function userRecharges(db: Db, userId: number, page: number, limit: number) {
  const where = eq(recharges.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(recharges).where(where).orderBy(desc(recharges.id)).limit(limit).offset(offsetOf({ page, limit })),
    db.select({ n: count() }).from(recharges).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function rechargeQueue(db: Db, status: RechargeRow['status'], page: number, limit: number) {
  const where = eq(recharges.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: recharges, accountNumber: users.accountNumber })
      .from(recharges)
      .innerJoin(users, eq(users.id, recharges.userId))
      .where(where)
      .orderBy(asc(recharges.id))
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    db.select({ n: count() }).from(recharges).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function userWithdrawals(db: Db, userId: number, page: number, limit: number) {
  const where = eq(withdrawals.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function withdrawalQueue(db: Db, status: WithdrawalRow['status'], page: number, limit: number) {
  const where = eq(withdrawals.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: withdrawals, accountNumber: users.accountNumber })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(asc(withdrawals.id))
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
