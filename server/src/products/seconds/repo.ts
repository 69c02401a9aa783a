/** The microtrade module's queries: seconds contract orders of one user, the house's open stake. */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { MicroListState } from '@contract/seconds';
import type { Db } from '../../db/client';
import { microOrders, type MicroOrderRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/types';
import { offsetOf, type PageRequest } from '../../lib/paging';

/** Advisory lock namespace of the house's open stake per pair and direction. */
const HOUSE_SIDE_LOCK = 73_001;

/**
 * Serializes the orders of one pair and direction until the transaction ends, so the cap check
 * sees every order accepted before it (PostgreSQL; PGlite runs one transaction at a time anyway).
 */
export async function lockHouseSide(tx: Tx, pairId: number, type: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOUSE_SIDE_LOCK}, ${pairId * 2 + type})`);
}

/** The open (unsettled) stake of a pair and direction. */
export async function openStake(tx: Tx, pairId: number, type: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${microOrders.stake}), 0)` })
    .from(microOrders)
    .where(and(eq(microOrders.pairId, pairId), eq(microOrders.type, type), eq(microOrders.status, 'holding')));
  return String(row?.total ?? '0');
}

/** The user's open (unsettled) stakes per currency: what is in escrow for them. */
export async function userOpenStakes(db: Db, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ currencyId: microOrders.currencyId, total: sql<string>`sum(${microOrders.stake})` })
    .from(microOrders)
    .where(and(eq(microOrders.userId, userId), eq(microOrders.status, 'holding')))
    .groupBy(microOrders.currencyId);
  return new Map(rows.map((r) => [r.currencyId, String(r.total)]));
}

/**
 * The user's open stakes in the escrow (orders accepted since the escrow; older ones are ledger
 * holds and already counted as held), by currency. Read live, never cached: a lost order's
 * settlement writes nothing to the user's own accounts, so no balance change announces it.
 */
export async function escrowedStakes(db: Db, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ currencyId: microOrders.currencyId, total: sql<string>`sum(${microOrders.stake})` })
    .from(microOrders)
    .where(and(eq(microOrders.userId, userId), eq(microOrders.status, 'holding'), isNull(microOrders.holdId)))
    .groupBy(microOrders.currencyId);
  return new Map(rows.map((r) => [r.currencyId, String(r.total)]));
}

export type NewMicroOrder = Omit<
  typeof microOrders.$inferInsert,
  'id' | 'endPrice' | 'endPriceAt' | 'endSource' | 'result' | 'payout' | 'profit' | 'settleTxId' | 'settledAt'
>;

export async function insertMicroOrder(tx: Tx, order: NewMicroOrder): Promise<MicroOrderRow> {
  const [row] = await tx.insert(microOrders).values(order).returning();
  if (!row) throw new Error('seconds order not written');
  return row;
}

export interface MicroFilter extends PageRequest {
  state: MicroListState;
  pairId: number | undefined;
}

/**
 * The user's orders: holding ones soonest expiry first, settled ones newest first. Only rows of
 * `userId` are ever read.
 */
export async function userMicroOrders(
  db: Db,
  userId: number,
  filter: MicroFilter,
): Promise<{ rows: MicroOrderRow[]; total: number }> {
  const where: SQL[] = [
    eq(microOrders.userId, userId),
    eq(microOrders.status, filter.state === 'holding' ? 'holding' : 'settled'),
  ];
  if (filter.pairId !== undefined) where.push(eq(microOrders.pairId, filter.pairId));
  const cond = and(...where);
  const [counted] = await db.select({ n: count() }).from(microOrders).where(cond);
  const order = filter.state === 'holding' ? [asc(microOrders.endAt), asc(microOrders.id)] : [desc(microOrders.id)];
  const rows = await db
    .select()
    .from(microOrders)
    .where(cond)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(offsetOf(filter));
  return { rows, total: Number(counted?.n ?? 0) };
}

/** One order of the user; another user's is undefined, exactly like a missing one. */
export async function userMicroOrder(db: Db, userId: number, id: number): Promise<MicroOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(microOrders)
    .where(and(eq(microOrders.id, id), eq(microOrders.userId, userId)));
  return row;
}

/** Every user's open stakes in the escrow per currency (what the proof of liabilities owes them). */
export async function escrowedStakesByUser(db: Db | Tx) {
  const rows = await db
    .select({
      userId: microOrders.userId,
      currencyId: microOrders.currencyId,
      amount: sql<string>`sum(${microOrders.stake})::text`,
    })
    .from(microOrders)
    .where(and(eq(microOrders.status, 'holding'), isNull(microOrders.holdId)))
    .groupBy(microOrders.userId, microOrders.currencyId);
  return rows;
}
