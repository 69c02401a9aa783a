/** The futures module's SQL: positions of `lever_positions`, always scoped to their owner for users. */
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PositionStatus } from '@contract/futures';
import type { Db } from '../db/client';
import { announce } from '../db/follow';
import { leverPositions, type LeverPositionRow } from '../db/schema/index';
import { offsetOf, type PageRequest } from '../lib/paging';
import type { Tx } from '../ledger/index';

export type PositionRow = LeverPositionRow;
export type NewPosition = typeof leverPositions.$inferInsert;

/**
 * The channel every committed change of a position is announced on, so the futures engine of each
 * process indexes it (`FuturesEngine.follow`): the id, with `:<status>` when the status moved
 * (the copy engine copies a trader's open and close from those).
 */
export const POSITIONS_CHANNEL = 'lever_positions';

/** Announces changed positions in the transaction that changed them (ids, and the new status when it moved). */
export async function announcePositions(tx: Tx, payloads: readonly (string | number)[]): Promise<void> {
  await announce(tx, POSITIONS_CHANNEL, payloads);
}

/** Namespace of the advisory locks that serialize opens per pair and side (the house's cap). */
const HOUSE_EXPOSURE_LOCK = 0x4c455652;

/** Serializes opens on one side of a pair until the transaction ends, so the cap check holds. */
export async function lockExposure(tx: Tx, pairId: number, side: 1 | 2): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOUSE_EXPOSURE_LOCK}, ${pairId * 2 + side})`);
}

/** The house's open value on one side of a pair: entry notional of pending and open positions. */
export async function exposure(db: Db | Tx, pairId: number, side: 1 | 2): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${leverPositions.quantity} * ${leverPositions.entryPrice}), 0)` })
    .from(leverPositions)
    .where(
      and(
        eq(leverPositions.pairId, pairId),
        eq(leverPositions.side, side),
        inArray(leverPositions.status, ['pending', 'open']),
      ),
    );
  return String(row?.total ?? '0');
}

export async function insertPosition(tx: Tx, values: NewPosition): Promise<PositionRow> {
  const [row] = await tx.insert(leverPositions).values(values).returning();
  if (!row) throw new Error('position not written');
  await announcePositions(tx, [`${row.id}:${row.status}`]);
  return row;
}

/** One position of the user; another user's id answers like a missing one (undefined). */
export async function userPosition(db: Db | Tx, userId: number, id: number): Promise<PositionRow | undefined> {
  const [row] = await db
    .select()
    .from(leverPositions)
    .where(and(eq(leverPositions.id, id), eq(leverPositions.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Locks a position in `status` (of `userId` when given) for the rest of the transaction; undefined
 * when it is not (any more) in that status. A concurrent close waits here and then finds it closed.
 */
export async function lockInStatus(
  tx: Tx,
  id: number,
  status: PositionStatus,
  userId?: number,
): Promise<PositionRow | undefined> {
  const where: SQL[] = [eq(leverPositions.id, id), eq(leverPositions.status, status)];
  if (userId !== undefined) where.push(eq(leverPositions.userId, userId));
  const [row] = await tx
    .select()
    .from(leverPositions)
    .where(and(...where))
    .for('update');
  return row;
}

/**
 * Changes a position that is still in `from`, and announces it; undefined when it no longer is
 * (someone was first).
 */
export async function transition(
  tx: Tx,
  id: number,
  from: PositionStatus,
  set: Partial<NewPosition>,
): Promise<PositionRow | undefined> {
  const [row] = await tx
    .update(leverPositions)
    .set(set)
    .where(and(eq(leverPositions.id, id), eq(leverPositions.status, from)))
    .returning();
  if (row) await announcePositions(tx, [row.status === from ? `${row.id}` : `${row.id}:${row.status}`]);
  return row;
}

export interface PositionFilter extends PageRequest {
  statuses: PositionStatus[];
  /** Pairs to include; undefined for all. */
  pairIds: number[] | undefined;
}

/** A page of the user's positions in the given statuses, newest first, with the total. */
export async function userPositions(
  db: Db,
  userId: number,
  filter: PositionFilter,
): Promise<{ rows: PositionRow[]; total: number }> {
  if (filter.pairIds?.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [eq(leverPositions.userId, userId), inArray(leverPositions.status, filter.statuses)];
  if (filter.pairIds !== undefined) where.push(inArray(leverPositions.pairId, filter.pairIds));
  const cond = and(...where);
  const [counted] = await db.select({ n: count() }).from(leverPositions).where(cond);
  const rows = await db
    .select()
    .from(leverPositions)
    .where(cond)
    .orderBy(desc(leverPositions.id))
    .limit(filter.limit)
    .offset(offsetOf(filter));
  return { rows, total: Number(counted?.n ?? 0) };
}

/** All the user's live (pending and open) positions, optionally of some pairs and one side. */
export async function userLivePositions(
  db: Db | Tx,
  userId: number,
  options: { pairIds?: number[] | undefined; side?: 1 | 2; statuses?: PositionStatus[] } = {},
): Promise<PositionRow[]> {
  if (options.pairIds?.length === 0) return [];
  const where: SQL[] = [
    eq(leverPositions.userId, userId),
    inArray(leverPositions.status, options.statuses ?? ['pending', 'open']),
  ];
  if (options.pairIds !== undefined) where.push(inArray(leverPositions.pairId, options.pairIds));
  if (options.side !== undefined) where.push(eq(leverPositions.side, options.side));
  return db
    .select()
    .from(leverPositions)
    .where(and(...where))
    .orderBy(leverPositions.id);
}

/** The positions of these ids, as they are now (the engine's reads of announced changes). */
export async function positionsByIds(db: Db | Tx, ids: readonly number[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(leverPositions)
    .where(inArray(leverPositions.id, [...ids]))
    .orderBy(leverPositions.id);
}

/** Every pending and open position (the trigger index at start; the proof of liabilities). */
export async function livePositions(db: Db | Tx): Promise<PositionRow[]> {
  return db
    .select()
    .from(leverPositions)
    .where(inArray(leverPositions.status, ['pending', 'open']))
    .orderBy(leverPositions.id);
}

/** A trailing stop's best mark to store, and the trail it belongs to (when it was set, epoch ms). */
export interface TrailBest {
  id: number;
  best: string;
  since: number;
}

/**
 * Stores moved trailing-stop bests in one statement: only where the position is still open, still on
 * the trail set at `since`, and the best moves in its favour (long higher, short lower), so a late
 * or repeated write never takes a best back nor touches a trail the user has replaced since.
 * Returns how many rows changed.
 */
export async function saveTrailBests(db: Db | Tx, bests: TrailBest[]): Promise<number> {
  if (bests.length === 0) return 0;
  const ids = bests.map((b) => b.id);
  const prices = bests.map((b) => b.best);
  const since = bests.map((b) => new Date(b.since).toISOString());
  const result = (await db.execute(sql`UPDATE lever_positions AS p SET trail_best_price = v.best
      FROM unnest(${sql.param(ids)}::int[], ${sql.param(prices)}::numeric[], ${sql.param(since)}::timestamptz[])
        AS v(id, best, since)
      WHERE p.id = v.id AND p.status = 'open' AND p.trail_set_at = v.since
        AND CASE WHEN p.side = 1 THEN v.best > p.trail_best_price ELSE v.best < p.trail_best_price END
      RETURNING p.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Ids of open positions whose overnight fee of `day` (or earlier) is not charged yet. */
export async function overnightDue(db: Db, day: number): Promise<number[]> {
  const rows = await db
    .select({ id: leverPositions.id })
    .from(leverPositions)
    .where(and(eq(leverPositions.status, 'open'), lt(leverPositions.overnightDay, day)))
    .orderBy(leverPositions.id);
  return rows.map((r) => r.id);
}
