import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inviteRebates, users } from '../../db/schema/index';
import { offsetOf, type PageRequest } from '../../lib/paging';

/** Users invited by `userId`'s 1st-generation referees (the 2nd generation), as a subquery. */
const firstGeneration = (db: Db, userId: number) =>
  db.select({ id: users.id }).from(users).where(eq(users.parentId, userId));

const memberWhere = (db: Db, userId: number, generation: number) =>
  generation === 1 ? eq(users.parentId, userId) : inArray(users.parentId, firstGeneration(db, userId));

/** The number of invited users per generation. */
export async function teamCounts(db: Db, userId: number): Promise<{ generation: number; count: number }[]> {
  const child = alias(users, 'child');
  const [first] = await db.select({ n: count() }).from(users).where(eq(users.parentId, userId));
  const [second] = await db
    .select({ n: count() })
    .from(child)
    .innerJoin(users, eq(child.parentId, users.id))
    .where(eq(users.parentId, userId));
  return [
    { generation: 1, count: Number(first?.n ?? 0) },
    { generation: 2, count: Number(second?.n ?? 0) },
  ];
}

/** One page of the invited users of a generation, newest first: only what a masked view needs. */
export async function teamPage(db: Db, userId: number, generation: number, p: PageRequest) {
  const where = memberWhere(db, userId, generation);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ email: users.email, areaCode: users.areaCode, phone: users.phone, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(p.limit)
    .offset(offsetOf(p));
  return { rows, total: Number(total?.n ?? 0) };
}

/** One page of the rebates paid to the user, newest first, with the referee's contact to mask. */
export async function rebatePage(db: Db, userId: number, p: PageRequest) {
  const [total] = await db.select({ n: count() }).from(inviteRebates).where(eq(inviteRebates.userId, userId));
  const rows = await db
    .select({
      rebate: inviteRebates,
      email: users.email,
      areaCode: users.areaCode,
      phone: users.phone,
    })
    .from(inviteRebates)
    .innerJoin(users, eq(users.id, inviteRebates.refereeId))
    .where(eq(inviteRebates.userId, userId))
    .orderBy(desc(inviteRebates.id))
    .limit(p.limit)
    .offset(offsetOf(p));
  return { rows, total: Number(total?.n ?? 0) };
}

/** The rebates the user received in total, per currency. */
export async function rebateTotals(db: Db, userId: number) {
  return db
    .select({ currencyId: inviteRebates.currencyId, amount: sql<string>`sum(${inviteRebates.amount})::text` })
    .from(inviteRebates)
    .where(and(eq(inviteRebates.userId, userId)))
    .groupBy(inviteRebates.currencyId)
    .orderBy(inviteRebates.currencyId);
}
