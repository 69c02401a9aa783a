import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { CHAT_BURST, CHAT_WINDOW_MS, type ChatMessage } from '@contract/support';
import type { Db } from '../../db/client';
import { chatMembers, chatMessages, users, type ChatMessageRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Tx } from '../../ledger/types';
import { audit } from '../../audit/index';

/** The chat room's rules and queries: history, posting under a rate and a mute, moderation. */

type Author = { nickname: string; role: string };

export const toChatMessage = (row: ChatMessageRow, author: Author): ChatMessage => ({
  id: row.id,
  user_id: row.userId,
  name: author.nickname,
  staff: author.role !== 'user',
  content: row.content,
  created_at: row.createdAt.getTime(),
});

/** Messages not deleted, newest first, older than `beforeId` when given; one more to know if more exist. */
export async function chatPage(db: Db, beforeId: number | undefined, limit: number) {
  const rows = await db
    .select({ row: chatMessages, nickname: users.nickname, role: users.role })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(isNull(chatMessages.deletedAt), beforeId ? lt(chatMessages.id, beforeId) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return {
    list: rows.slice(0, limit).map((r) => toChatMessage(r.row, r)),
    has_more: rows.length > limit,
  };
}

export async function mutedUntil(db: Db, userId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ until: chatMembers.mutedUntil })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  return row?.until && row.until > now ? row.until.getTime() : null;
}

/**
 * Posts a message. The rate window is counted by one upsert on the user's row (a concurrent burst
 * queues on its lock, so every post is counted); a refused post rolls its count back with it.
 */
export async function postChat(db: Db, author: { id: number } & Author, content: string, now: Date) {
  return db.transaction(async (tx) => {
    const cut = new Date(now.getTime() - CHAT_WINDOW_MS);
    const [member] = await tx
      .insert(chatMembers)
      .values({ userId: author.id, windowStart: now, windowCount: 1 })
      .onConflictDoUpdate({
        target: chatMembers.userId,
        set: {
          windowCount: sql`CASE WHEN ${chatMembers.windowStart} > ${cut} THEN ${chatMembers.windowCount} + 1 ELSE 1 END`,
          windowStart: sql`CASE WHEN ${chatMembers.windowStart} > ${cut} THEN ${chatMembers.windowStart} ELSE ${now} END`,
        },
      })
      .returning();
    if (!member) throw new Error('chat member row missing after upsert');
    if (member.mutedUntil && member.mutedUntil > now) {
      throw new AppError('chat_muted', {
        values: { minutes: Math.max(1, Math.ceil((member.mutedUntil.getTime() - now.getTime()) / 60_000)) },
      });
    }
    if (member.windowCount > CHAT_BURST) {
      const wait = Math.max(1, Math.ceil((member.windowStart.getTime() + CHAT_WINDOW_MS - now.getTime()) / 1000));
      throw new AppError('chat_rate_limited', { values: { seconds: wait } });
    }
    const [row] = await tx.insert(chatMessages).values({ userId: author.id, content, createdAt: now }).returning();
    if (!row) throw new Error('chat message not inserted');
    return toChatMessage(row, author);
  });
}

/** Hides a message from history for everyone; false when it was already deleted or never existed. */
export async function deleteChat(db: Db, staffId: number, id: number, reason: string | undefined, now: Date) {
  return db.transaction(async (tx: Tx) => {
    const [before] = await tx.select().from(chatMessages).where(eq(chatMessages.id, id)).for('update');
    if (!before || before.deletedAt) return false;
    const [after] = await tx
      .update(chatMessages)
      .set({ deletedAt: now, deletedBy: staffId })
      .where(eq(chatMessages.id, id))
      .returning();
    await audit(tx, {
      adminId: staffId,
      action: 'chat.delete',
      entity: 'chat_message',
      entityId: id,
      ...(reason ? { reason } : {}),
      before,
      after,
      at: now,
    });
    return true;
  });
}

/** Mutes a user until `now + minutes` (0 lifts it). */
export async function muteChat(
  db: Db,
  staffId: number,
  userId: number,
  minutes: number,
  reason: string | undefined,
  now: Date,
) {
  return db.transaction(async (tx: Tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('record_not_found', { field: 'user_id' });
    const [before] = await tx.select().from(chatMembers).where(eq(chatMembers.userId, userId)).for('update');
    const until = minutes > 0 ? new Date(now.getTime() + minutes * 60_000) : null;
    const [after] = await tx
      .insert(chatMembers)
      .values({ userId, mutedUntil: until, windowStart: now, windowCount: 0 })
      .onConflictDoUpdate({ target: chatMembers.userId, set: { mutedUntil: until } })
      .returning();
    await audit(tx, {
      adminId: staffId,
      action: minutes > 0 ? 'chat.mute' : 'chat.unmute',
      entity: 'user',
      entityId: userId,
      ...(reason ? { reason } : {}),
      before: before ?? null,
      after,
      at: now,
    });
    return until?.getTime() ?? null;
  });
}
