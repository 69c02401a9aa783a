import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { PUSH_CATEGORIES, type PushCategory } from '@contract/push';
import type { NoticeUnread } from '@contract/notice';
import type { Db } from '../db/client';
import { notices, type NoticeRow } from '../db/schema/index';
import type { Tx } from '../ledger/index';

/** One page of the user's notices, newest first (keyset on id), and whether older ones exist. */
export async function noticePage(
  db: Db | Tx,
  userId: number,
  q: { beforeId?: number | undefined; limit: number; category?: PushCategory | undefined },
): Promise<{ rows: NoticeRow[]; more: boolean }> {
  const rows = await db
    .select()
    .from(notices)
    .where(
      and(
        eq(notices.userId, userId),
        q.beforeId !== undefined ? lt(notices.id, q.beforeId) : undefined,
        q.category !== undefined ? eq(notices.category, q.category) : undefined,
      ),
    )
    .orderBy(desc(notices.id))
    .limit(q.limit + 1);
  return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
}

/** Unread notices in all and per category (from the partial index of unread rows). */
export async function unreadOf(db: Db | Tx, userId: number): Promise<NoticeUnread> {
  const rows = await db
    .select({ category: notices.category, n: sql<number>`count(*)::int` })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    .groupBy(notices.category);
  const by = Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, 0])) as NoticeUnread['by_category'];
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    if (r.category in by) by[r.category as PushCategory] = n;
  }
  return { total, by_category: by };
}

/**
 * Marks the user's notice read (kept as first read); false when the user has no notice with
 * that id (another user's is not theirs to mark).
 */
export async function markNoticeRead(db: Db | Tx, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(notices)
    .set({ readAt: sql`COALESCE(${notices.readAt}, ${now})` })
    .where(and(eq(notices.id, id), eq(notices.userId, userId)))
    .returning({ id: notices.id });
  return rows.length === 1;
}

/** Marks every unread notice of the user read, or those of one category; returns how many. */
export async function markAllNoticesRead(
  db: Db | Tx,
  userId: number,
  category: PushCategory | undefined,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: now })
    .where(
      and(
        eq(notices.userId, userId),
        isNull(notices.readAt),
        category !== undefined ? eq(notices.category, category) : undefined,
      ),
    )
    .returning({ id: notices.id });
  return rows.length;
}
