/** The IEO module's SQL: projects, subscriptions (always scoped to their owner for users). */
import { and, asc, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { IeoOrderStatus } from '@contract/ieo';
import type { Db } from '../../db/client';
import { ieoOrders, ieoProjects, type IeoOrderRow, type IeoProjectRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { offsetOf, type PageRequest } from '../../lib/paging';
import { rows as rowsOf } from '../../db/rows';

export type NewProject = typeof ieoProjects.$inferInsert;
export type NewOrder = typeof ieoOrders.$inferInsert;

export async function projectPage(db: Db, p: PageRequest): Promise<{ rows: IeoProjectRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ieoProjects)
      .orderBy(desc(ieoProjects.startAt), desc(ieoProjects.id))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(ieoProjects),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function projectById(db: Db | Tx, id: number): Promise<IeoProjectRow | undefined> {
  const [row] = await db.select().from(ieoProjects).where(eq(ieoProjects.id, id));
  return row;
}

export async function insertProject(tx: Tx, values: NewProject): Promise<IeoProjectRow> {
  const [row] = await tx.insert(ieoProjects).values(values).returning();
  if (!row) throw new Error('project not written');
  return row;
}

/**
 * Seeds a project once by its code; an existing one is left as it is, except that one seeded
 * before translations existed, and whose name no admin changed since, gets them.
 */
export async function insertProjectOnce(db: Db, values: NewProject): Promise<void> {
  await db
    .insert(ieoProjects)
    .values(values)
    .onConflictDoUpdate({
      target: ieoProjects.code,
      set: { texts: values.texts ?? {} },
      setWhere: sql`${ieoProjects.texts} = '{}'::jsonb AND ${ieoProjects.name} = ${values.name}`,
    });
}

export async function updateProject(tx: Tx, id: number, set: Partial<NewProject>): Promise<IeoProjectRow> {
  const [row] = await tx.update(ieoProjects).set(set).where(eq(ieoProjects.id, id)).returning();
  if (!row) throw new Error('project not updated');
  return row;
}

export async function lockProject(tx: Tx, id: number): Promise<IeoProjectRow | undefined> {
  const [row] = await tx.select().from(ieoProjects).where(eq(ieoProjects.id, id)).for('update');
  return row;
}

/**
 * Adds a subscription's quantity to the project while it is open and `now` is inside its window;
 * the row stays locked until the transaction ends, so subscriptions and the end sweep take turns.
 * Undefined when the project is not (any more) taking subscriptions.
 */
export async function addApplied(tx: Tx, id: number, quantity: string, now: Date): Promise<IeoProjectRow | undefined> {
  const [row] = await tx
    .update(ieoProjects)
    .set({ applied: sql`${ieoProjects.applied} + ${quantity}` })
    .where(
      and(
        eq(ieoProjects.id, id),
        eq(ieoProjects.status, 'open'),
        lte(ieoProjects.startAt, now),
        sql`${ieoProjects.endAt} > ${now.toISOString()}`,
      ),
    )
    .returning();
  return row;
}

/** What the user has applied for on a project so far. */
export async function appliedByUser(tx: Tx, userId: number, projectId: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ieoOrders.amount}), 0)` })
    .from(ieoOrders)
    .where(and(eq(ieoOrders.userId, userId), eq(ieoOrders.projectId, projectId)));
  return String(row?.total ?? '0');
}

export async function insertOrder(tx: Tx, values: NewOrder): Promise<IeoOrderRow> {
  const [row] = await tx.insert(ieoOrders).values(values).returning();
  if (!row) throw new Error('subscription not written');
  return row;
}

export async function userOrders(
  db: Db,
  userId: number,
  filter: PageRequest & { projectId?: number | undefined },
): Promise<{ rows: { order: IeoOrderRow; project: IeoProjectRow }[]; total: number }> {
  const where: SQL[] = [eq(ieoOrders.userId, userId)];
  if (filter.projectId !== undefined) where.push(eq(ieoOrders.projectId, filter.projectId));
  const cond = and(...where);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: ieoOrders, project: ieoProjects })
      .from(ieoOrders)
      .innerJoin(ieoProjects, eq(ieoProjects.id, ieoOrders.projectId))
      .where(cond)
      .orderBy(desc(ieoOrders.id))
      .limit(filter.limit)
      .offset(offsetOf(filter)),
    db.select({ n: count() }).from(ieoOrders).where(cond),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Open projects whose end is at or before `until`, locked (a subscription in flight commits first). */
export async function dueForAllocation(tx: Tx, until: Date): Promise<IeoProjectRow[]> {
  return tx
    .select()
    .from(ieoProjects)
    .where(and(eq(ieoProjects.status, 'open'), lte(ieoProjects.endAt, until)))
    .orderBy(asc(ieoProjects.endAt), asc(ieoProjects.id))
    .for('update');
}

/** A project's subscriptions in `status`, oldest first (the allocation's tie order). */
export async function ordersInStatus(
  tx: Tx,
  projectId: number,
  status: 'applied' | 'allocated',
): Promise<IeoOrderRow[]> {
  return tx
    .select()
    .from(ieoOrders)
    .where(and(eq(ieoOrders.projectId, projectId), eq(ieoOrders.status, status)))
    .orderBy(asc(ieoOrders.id))
    .for('update');
}

/** Marks the end processed; false when another run already did (nothing is then done twice). */
export async function markAllocated(tx: Tx, id: number, passed: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(ieoProjects)
    .set({ status: 'allocated', passed, allocatedAt: at })
    .where(and(eq(ieoProjects.id, id), eq(ieoProjects.status, 'open')))
    .returning({ id: ieoProjects.id });
  return rows.length === 1;
}

/**
 * Moves subscriptions still in `from` to their next state in one statement: from `applied` with
 * passed, paid, refund and the allocation transaction; from `allocated` to `credited` with the
 * credit transaction. Returns how many moved (fewer: someone was first, and the caller rolls back).
 */
export async function setOrders(
  tx: Tx,
  from: 'applied' | 'allocated',
  at: Date,
  rows: { id: number; status: IeoOrderStatus; txId: number; passed?: string; paid?: string; refund?: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const col = <T>(f: (r: (typeof rows)[number]) => T) => sql.param(rows.map(f));
  const moved = await rowsOf(
    tx,
    from === 'applied'
      ? sql`UPDATE ieo_orders o SET status = v.status, passed = v.passed, paid = v.paid,
            refund = v.refund, allocate_tx_id = v.tx, allocated_at = ${at.toISOString()}
          FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.status)}::varchar[],
            ${col((r) => r.passed ?? '0')}::numeric[], ${col((r) => r.paid ?? '0')}::numeric[],
            ${col((r) => r.refund ?? '0')}::numeric[], ${col((r) => r.txId)}::bigint[])
            AS v(id, status, passed, paid, refund, tx)
          WHERE o.id = v.id AND o.status = 'applied' RETURNING o.id`
      : sql`UPDATE ieo_orders o SET status = v.status, credit_tx_id = v.tx,
            credited_at = ${at.toISOString()}
          FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.status)}::varchar[], ${col((r) => r.txId)}::bigint[])
            AS v(id, status, tx)
          WHERE o.id = v.id AND o.status = 'allocated' RETURNING o.id`,
  );
  return moved.length;
}

/** Allocated projects whose coins are due by `until`. */
export async function dueForCredit(tx: Tx, until: Date): Promise<IeoProjectRow[]> {
  return tx
    .select()
    .from(ieoProjects)
    .where(
      and(
        eq(ieoProjects.status, 'allocated'),
        lte(ieoProjects.creditAt, until),
        sql`exists (select 1 from ${ieoOrders} where ${ieoOrders.projectId} = ${ieoProjects.id} and ${ieoOrders.status} = 'allocated')`,
      ),
    )
    .orderBy(asc(ieoProjects.id));
}

/**
 * Per project currency pair: payments held for subscriptions waiting for the end (`applied`), the
 * quantity passed and paid for but not yet credited (`allocated`), and how many subscriptions the
 * user ever made.
 */
export async function userSubscriptionTotals(db: Db, userId: number) {
  return db
    .select({
      payCurrencyId: ieoProjects.payCurrencyId,
      coinId: ieoProjects.coinId,
      held: sql<string>`coalesce(sum(${ieoOrders.pay}) filter (where ${ieoOrders.status} = 'applied'), 0)::text`,
      toCredit: sql<string>`coalesce(sum(${ieoOrders.passed}) filter (where ${ieoOrders.status} = 'allocated'), 0)::text`,
      orders: count(),
    })
    .from(ieoOrders)
    .innerJoin(ieoProjects, eq(ieoProjects.id, ieoOrders.projectId))
    .where(eq(ieoOrders.userId, userId))
    .groupBy(ieoProjects.payCurrencyId, ieoProjects.coinId);
}

/** Every user's allocated coins not credited yet, per coin (owed to them: the proof of liabilities). */
export async function toCreditByUser(db: Db | Tx) {
  return db
    .select({
      userId: ieoOrders.userId,
      currencyId: ieoProjects.coinId,
      amount: sql<string>`sum(${ieoOrders.passed})::text`,
    })
    .from(ieoOrders)
    .innerJoin(ieoProjects, eq(ieoProjects.id, ieoOrders.projectId))
    .where(eq(ieoOrders.status, 'allocated'))
    .groupBy(ieoOrders.userId, ieoProjects.coinId);
}
