/** The copy-trading module's SQL: traders, applications, follows and copy records. */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ApplicationState, FollowState } from '@contract/copytrade';
import type { Db } from '../../db/client';
import {
  copyTrades,
  followApplications,
  followTraderStats,
  followTraders,
  follows,
  leverPositions,
  users,
  type CopyTradeRow,
  type FollowApplicationRow,
  type FollowRow,
  type FollowTraderRow,
  type FollowTraderStatsRow,
} from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { offsetOf, pageWithTotal, type PageRequest } from '../../lib/paging';
import type { PositionRow } from '../../positions/repo';

type Q = Db | Tx;

/**
 * Serializes one user's follow and application changes (a burst makes one follow, one application).
 * NO KEY UPDATE: rows referencing the user (idempotency keys) take KEY SHARE, which it lets be.
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}

export interface TraderJoined {
  trader: FollowTraderRow;
  name: string;
  avatar: string;
  accountNumber: string;
  stats: FollowTraderStatsRow | null;
  /** Active follows now, counted from the follow rows (the hourly figures lag up to an hour). */
  followers: number;
}

/** Active follows of a trader now (one index range of `follows_trader_idx`). */
const followersNow = sql<number>`(SELECT count(*)::int FROM follows f
  WHERE f.trader_id = ${followTraders.userId} AND f.state = 'following')`;

const traderColumns = {
  trader: followTraders,
  nickname: users.nickname,
  avatar: users.headPortrait,
  accountNumber: users.accountNumber,
  stats: followTraderStats,
  followers: followersNow,
};

const joined = (r: {
  trader: FollowTraderRow;
  nickname: string;
  avatar: string;
  accountNumber: string;
  stats: FollowTraderStatsRow | null;
  followers: number;
}): TraderJoined => ({
  trader: r.trader,
  name: r.nickname,
  avatar: r.avatar,
  accountNumber: r.accountNumber,
  stats: r.stats,
  followers: Number(r.followers),
});

/** Approved traders, most followers first. */
export async function traderPage(db: Db, p: PageRequest): Promise<{ rows: TraderJoined[]; total: number }> {
  const { rows, total } = await pageWithTotal(
    db
      .select(traderColumns)
      .from(followTraders)
      .innerJoin(users, eq(users.id, followTraders.userId))
      .leftJoin(followTraderStats, eq(followTraderStats.userId, followTraders.userId))
      .orderBy(sql`${followersNow} DESC`, asc(followTraders.userId))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(followTraders),
  );
  return { rows: rows.map(joined), total };
}

export async function traderOf(db: Q, userId: number): Promise<TraderJoined | undefined> {
  const [row] = await db
    .select(traderColumns)
    .from(followTraders)
    .innerJoin(users, eq(users.id, followTraders.userId))
    .leftJoin(followTraderStats, eq(followTraderStats.userId, followTraders.userId))
    .where(eq(followTraders.userId, userId));
  return row ? joined(row) : undefined;
}

export async function nameOf(db: Q, userId: number): Promise<string> {
  const [row] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return row?.nickname ?? '';
}

export async function namesOf(db: Q, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** A trader's own positions (not copies of someone else's) in some statuses, newest first. */
export async function traderPositions(db: Db, traderId: number, statuses: ('open' | 'closed')[], limit: number) {
  return db
    .select()
    .from(leverPositions)
    .where(
      and(
        eq(leverPositions.userId, traderId),
        inArray(leverPositions.status, statuses),
        sql`NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.position_id = ${leverPositions.id} AND c.state = 'copied')`,
      ),
    )
    .orderBy(desc(leverPositions.id))
    .limit(limit);
}

// Follows.

export async function activeFollow(db: Q, followerId: number, traderId: number): Promise<FollowRow | undefined> {
  const [row] = await db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.traderId, traderId), eq(follows.state, 'following')));
  return row;
}

/** The user's active follows of some traders, by trader. */
export async function activeFollowsOf(db: Q, followerId: number, traderIds: number[]): Promise<Map<number, FollowRow>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(follows)
    .where(
      and(eq(follows.followerId, followerId), inArray(follows.traderId, traderIds), eq(follows.state, 'following')),
    );
  return new Map(rows.map((r) => [r.traderId, r]));
}

export async function userFollow(db: Q, followerId: number, id: number): Promise<FollowRow | undefined> {
  const [row] = await db
    .select()
    .from(follows)
    .where(and(eq(follows.id, id), eq(follows.followerId, followerId)));
  return row;
}

export async function insertFollow(tx: Tx, values: typeof follows.$inferInsert): Promise<FollowRow> {
  const [row] = await tx.insert(follows).values(values).returning();
  if (!row) throw new Error('follow not written');
  return row;
}

export async function updateFollow(
  tx: Tx,
  id: number,
  from: FollowState,
  set: Partial<typeof follows.$inferInsert>,
): Promise<FollowRow | undefined> {
  const [row] = await tx
    .update(follows)
    .set(set)
    .where(and(eq(follows.id, id), eq(follows.state, from)))
    .returning();
  return row;
}

export async function followPage(db: Db, followerId: number, state: FollowState, p: PageRequest) {
  const cond = and(eq(follows.followerId, followerId), eq(follows.state, state));
  return pageWithTotal(
    db.select().from(follows).where(cond).orderBy(desc(follows.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(follows).where(cond),
  );
}

export interface FollowFigures {
  used: string;
  copied: number;
  skipped: number;
  profit: string;
}

/** Per follow: margin of open copies, copies made and skipped, realised profit of closed copies. */
export async function followFigures(db: Q, ids: number[]): Promise<Map<number, FollowFigures>> {
  if (ids.length === 0) return new Map();
  const res = (await db.execute(sql`SELECT c.follow_id,
        coalesce(sum(c.margin) FILTER (WHERE c.state = 'copied' AND p.status = 'open'), 0) AS used,
        count(*) FILTER (WHERE c.state <> 'skipped') AS copied,
        count(*) FILTER (WHERE c.state = 'skipped') AS skipped,
        coalesce(sum(p.pnl) FILTER (WHERE c.state = 'copied' AND p.status = 'closed'), 0) AS profit
      FROM copy_trades c LEFT JOIN lever_positions p ON p.id = c.position_id
      WHERE c.follow_id = ANY(${sql.param(ids)}::int[])
      GROUP BY c.follow_id`)) as unknown as {
    rows: { follow_id: number; used: string; copied: string; skipped: string; profit: string }[];
  };
  return new Map(
    res.rows.map((r) => [
      Number(r.follow_id),
      { used: String(r.used), copied: Number(r.copied), skipped: Number(r.skipped), profit: String(r.profit) },
    ]),
  );
}

// Copies.

export interface CopyJoined {
  copy: CopyTradeRow;
  position: PositionRow | null;
  trader: PositionRow;
}

/**
 * A page of the user's copies: current (following their trader and open) or history (closed,
 * self-held, skipped), newest first.
 */
export async function copyPage(
  db: Db,
  followerId: number,
  current: boolean,
  p: PageRequest & { followId?: number | undefined },
): Promise<{ rows: CopyJoined[]; total: number }> {
  const open = sql`(${copyTrades.state} = 'copied' AND EXISTS (SELECT 1 FROM lever_positions o
    WHERE o.id = ${copyTrades.positionId} AND o.status = 'open'))`;
  const where: SQL[] = [eq(copyTrades.followerId, followerId), current ? open : sql`NOT ${open}`];
  if (p.followId !== undefined) where.push(eq(copyTrades.followId, p.followId));
  const cond = and(...where);
  const { rows, total } = await pageWithTotal(
    db.select().from(copyTrades).where(cond).orderBy(desc(copyTrades.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(copyTrades).where(cond),
  );
  return { rows: await withPositions(db, rows), total };
}

export async function withPositions(db: Q, copies: CopyTradeRow[]): Promise<CopyJoined[]> {
  const ids = copies.flatMap((c) =>
    c.positionId === null ? [c.traderPositionId] : [c.positionId, c.traderPositionId],
  );
  const positions =
    ids.length === 0 ? [] : await db.select().from(leverPositions).where(inArray(leverPositions.id, ids));
  const byId = new Map(positions.map((r) => [r.id, r]));
  return copies.map((copy) => ({
    copy,
    position: copy.positionId === null ? null : (byId.get(copy.positionId) ?? null),
    trader: byId.get(copy.traderPositionId)!,
  }));
}

export async function userCopy(db: Q, followerId: number, id: number): Promise<CopyTradeRow | undefined> {
  const [row] = await db
    .select()
    .from(copyTrades)
    .where(and(eq(copyTrades.id, id), eq(copyTrades.followerId, followerId)));
  return row;
}

export async function markSelfHeld(tx: Tx, id: number, now: Date): Promise<CopyTradeRow | undefined> {
  const [row] = await tx
    .update(copyTrades)
    .set({ state: 'self_holding', selfHeldAt: now })
    .where(and(eq(copyTrades.id, id), eq(copyTrades.state, 'copied')))
    .returning();
  return row;
}

// Applications.

export async function latestApplication(db: Q, userId: number): Promise<FollowApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(followApplications)
    .where(eq(followApplications.userId, userId))
    .orderBy(desc(followApplications.id))
    .limit(1);
  return row;
}

export async function insertApplication(
  tx: Tx,
  values: typeof followApplications.$inferInsert,
): Promise<FollowApplicationRow> {
  const [row] = await tx.insert(followApplications).values(values).returning();
  if (!row) throw new Error('application not written');
  return row;
}

export async function lockApplication(tx: Tx, id: number): Promise<FollowApplicationRow | undefined> {
  const [row] = await tx.select().from(followApplications).where(eq(followApplications.id, id)).for('update');
  return row;
}

export async function decideApplication(
  tx: Tx,
  id: number,
  set: Partial<typeof followApplications.$inferInsert>,
): Promise<FollowApplicationRow> {
  const [row] = await tx
    .update(followApplications)
    .set(set)
    .where(and(eq(followApplications.id, id), eq(followApplications.state, 'review')))
    .returning();
  if (!row) throw new Error(`application ${id} changed under its lock`);
  return row;
}

export async function insertTrader(tx: Tx, values: typeof followTraders.$inferInsert): Promise<void> {
  await tx.insert(followTraders).values(values).onConflictDoNothing();
}

export async function isTrader(db: Q, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: followTraders.userId })
    .from(followTraders)
    .where(eq(followTraders.userId, userId));
  return row !== undefined;
}

export async function applicationPage(db: Db, state: ApplicationState, p: PageRequest) {
  const cond = eq(followApplications.state, state);
  return pageWithTotal(
    db
      .select({ app: followApplications, accountNumber: users.accountNumber })
      .from(followApplications)
      .innerJoin(users, eq(users.id, followApplications.userId))
      .where(cond)
      .orderBy(asc(followApplications.id))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(followApplications).where(cond),
  );
}

/** An applicant's futures record: closed positions and their realised profit. */
export async function futuresRecord(db: Q, userId: number): Promise<{ closed: number; profit: string }> {
  const [row] = await db
    .select({ n: count(), profit: sql<string>`coalesce(sum(${leverPositions.pnl}), 0)` })
    .from(leverPositions)
    .where(and(eq(leverPositions.userId, userId), eq(leverPositions.status, 'closed')));
  return { closed: Number(row?.n ?? 0), profit: String(row?.profit ?? '0') };
}
