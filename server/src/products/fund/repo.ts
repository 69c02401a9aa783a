import { and, asc, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  recharges,
  users,
  withdrawals,
  type RechargeRow,
  type UserRow,
  type WithdrawalRow,
} from '../../db/schema/index';
import type { Tx } from '../../ledger/types';
import { offsetOf } from '../../lib/paging';

/**
 * The fund module's queries on recharges and withdrawals: a user's lists, the review queues with
 * the owner's account number, and the transactional writes of a request and its decision. Rows as
 * stored; the services hold the rules, the routes turn rows into the contract's shapes.
 */

/** What a review writes on the row it decides. */
export interface Decision {
  approve: boolean;
  reason: string;
  adminId: number;
  now: Date;
  txId: number | null;
}

const decidedFields = (d: Decision) => ({
  status: d.approve ? ('approved' as const) : ('rejected' as const),
  reason: d.reason,
  reviewedBy: d.adminId,
  reviewedAt: d.now,
  txId: d.txId,
});

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
      .select({
        w: withdrawals,
        accountNumber: users.accountNumber,
        ownerFrozen: sql<boolean>`(${users.withdrawFrozenAt} is not null or ${users.frozenAt} is not null)`,
      })
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

export async function insertRecharge(
  tx: Tx,
  values: Pick<RechargeRow, 'userId' | 'currency' | 'network' | 'account' | 'amount' | 'voucher' | 'createdAt'>,
): Promise<RechargeRow> {
  const [row] = await tx.insert(recharges).values(values).returning();
  return row!;
}

/** The recharge under a row lock (FOR UPDATE) until the deciding transaction ends. */
export async function lockRecharge(tx: Tx, id: number): Promise<RechargeRow | undefined> {
  const [row] = await tx.select().from(recharges).where(eq(recharges.id, id)).for('update');
  return row;
}

/** Writes the decision only while the recharge is still in review; undefined if it was not. */
export async function markRechargeDecided(tx: Tx, id: number, d: Decision): Promise<RechargeRow | undefined> {
  const [row] = await tx
    .update(recharges)
    .set(decidedFields(d))
    .where(and(eq(recharges.id, id), eq(recharges.status, 'review')))
    .returning();
  return row;
}

/**
 * The user's row under FOR NO KEY UPDATE: the idempotency and ledger rows inserted in the same
 * transaction hold KEY SHARE locks on the user (foreign keys); FOR UPDATE would deadlock two
 * requests against each other.
 */
export async function lockUserForWithdrawal(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

/** The BTC value of the user's withdrawals created after `since`, rejected ones left out. */
export async function withdrawnBtcSince(tx: Tx, userId: number, since: Date): Promise<string | null> {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${withdrawals.btcValue})` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), ne(withdrawals.status, 'rejected'), gt(withdrawals.createdAt, since)));
  return row?.sum ?? null;
}

export async function insertWithdrawal(
  tx: Tx,
  values: Pick<
    WithdrawalRow,
    | 'userId'
    | 'currency'
    | 'method'
    | 'network'
    | 'destination'
    | 'payee'
    | 'account'
    | 'amount'
    | 'fee'
    | 'btcValue'
    | 'holdId'
    | 'createdAt'
  >,
): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

/** The withdrawal under a row lock (FOR UPDATE) until the deciding transaction ends. */
export async function lockWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/**
 * The owner of withdrawal `id` under FOR SHARE, taken before the withdrawal's own lock (the order
 * a withdrawal's creation takes them in): a freeze of the owner's withdrawals, which updates the
 * row, waits for an approval holding it, and an approval sees a freeze committed before it.
 */
export async function lockOwnerOfWithdrawal(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx
    .select({ user: users })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id))
    .for('share', { of: users });
  return row?.user;
}

/** Writes the decision only while the withdrawal is still in review; undefined if it was not. */
export async function markWithdrawalDecided(tx: Tx, id: number, d: Decision): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set(decidedFields(d))
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'review')))
    .returning();
  return row;
}
