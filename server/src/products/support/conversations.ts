import { and, count, desc, eq, lt, sql, sum } from 'drizzle-orm';
import type { SupportConversation, SupportMessage } from '@contract/support';
import type { Db } from '../../db/client';
import {
  supportConversations,
  supportMessages,
  users,
  type SupportConversationRow,
  type SupportMessageRow,
} from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Tx } from '../../ledger/types';
import { offsetOf, paged, type PageRequest } from '../../lib/paging';
import { notify } from '../../push/notify';
import { audit } from '../../audit/index';

/** Customer service: one conversation per user, messages with text and at most one image. */

export const toSupportMessage = (row: SupportMessageRow): SupportMessage => ({
  id: row.id,
  conversation_id: row.conversationId,
  from_staff: row.fromStaff,
  content: row.content,
  image: row.image,
  created_at: row.createdAt.getTime(),
});

/** What the conversation list shows of a message. */
const preview = (content: string, image: string | null) =>
  (content.replace(/\s+/g, ' ').trim() || (image ? '[image]' : '')).slice(0, 120);

export async function conversationOf(db: Db | Tx, userId: number): Promise<SupportConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.userId, userId));
  return row;
}

export async function conversationById(db: Db | Tx, id: number): Promise<SupportConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  return row;
}

export async function messagePage(
  db: Db,
  conversationId: number | undefined,
  beforeId: number | undefined,
  limit: number,
) {
  if (conversationId === undefined) return { conversation_id: null, list: [], has_more: false };
  const rows = await db
    .select()
    .from(supportMessages)
    .where(
      and(eq(supportMessages.conversationId, conversationId), beforeId ? lt(supportMessages.id, beforeId) : undefined),
    )
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  return {
    conversation_id: conversationId,
    list: rows.slice(0, limit).map(toSupportMessage),
    has_more: rows.length > limit,
  };
}

export interface Posted {
  message: SupportMessage;
  conversation: SupportConversationRow;
}

/** A user's message: opens the conversation on the first one; counts as unread for staff. */
export async function postAsUser(
  db: Db,
  userId: number,
  content: string,
  image: string | null,
  now: Date,
): Promise<Posted> {
  return db.transaction(async (tx: Tx) => {
    const [conversation] = await tx
      .insert(supportConversations)
      .values({ userId, lastMessage: preview(content, image), lastAt: now, unreadStaff: 1, createdAt: now })
      .onConflictDoUpdate({
        target: supportConversations.userId,
        set: {
          lastMessage: preview(content, image),
          lastAt: now,
          unreadStaff: sql`${supportConversations.unreadStaff} + 1`,
        },
      })
      .returning();
    if (!conversation) throw new Error('conversation missing after upsert');
    const [row] = await tx
      .insert(supportMessages)
      .values({ conversationId: conversation.id, senderId: userId, fromStaff: false, content, image, createdAt: now })
      .returning();
    if (!row) throw new Error('support message not inserted');
    return { message: toSupportMessage(row), conversation };
  });
}

/**
 * A staff answer: counts as unread for the user, is audited, and queues a push to the user's
 * devices in the same transaction when `push` (the user has no live connection open).
 */
export async function postAsStaff(
  db: Db,
  staffId: number,
  conversationId: number,
  content: string,
  image: string | null,
  now: Date,
  push: (userId: number) => Promise<boolean>,
): Promise<Posted> {
  const existing = await conversationById(db, conversationId);
  if (!existing) throw new AppError('record_not_found', { field: 'conversation_id' });
  const sendPush = await push(existing.userId);
  return db.transaction(async (tx: Tx) => {
    const [conversation] = await tx
      .update(supportConversations)
      .set({
        lastMessage: preview(content, image),
        lastAt: now,
        unreadUser: sql`${supportConversations.unreadUser} + 1`,
        // Answering is reading what the user wrote.
        unreadStaff: 0,
      })
      .where(eq(supportConversations.id, conversationId))
      .returning();
    if (!conversation) throw new AppError('record_not_found', { field: 'conversation_id' });
    const [row] = await tx
      .insert(supportMessages)
      .values({ conversationId, senderId: staffId, fromStaff: true, content, image, createdAt: now })
      .returning();
    if (!row) throw new Error('support message not inserted');
    await audit(tx, {
      adminId: staffId,
      action: 'support.reply',
      entity: 'support_conversation',
      entityId: conversationId,
      before: { unread_user: existing.unreadUser, unread_staff: existing.unreadStaff },
      after: { message_id: row.id, content, image },
      at: now,
    });
    if (sendPush) {
      await notify(tx, conversation.userId, { type: 'support.reply', preview: preview(content, image) }, now);
    }
    return { message: toSupportMessage(row), conversation };
  });
}

export async function markReadByUser(db: Db, userId: number): Promise<void> {
  await db.update(supportConversations).set({ unreadUser: 0 }).where(eq(supportConversations.userId, userId));
}

export async function markReadByStaff(db: Db, conversationId: number): Promise<boolean> {
  const rows = await db
    .update(supportConversations)
    .set({ unreadStaff: 0 })
    .where(eq(supportConversations.id, conversationId))
    .returning({ id: supportConversations.id });
  return rows.length > 0;
}

/** Conversations with unread ones first, then the newest; and the staff's total unread. */
export async function conversationPage(db: Db, p: PageRequest) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        c: supportConversations,
        email: users.email,
        areaCode: users.areaCode,
        phone: users.phone,
        nickname: users.nickname,
      })
      .from(supportConversations)
      .innerJoin(users, eq(users.id, supportConversations.userId))
      .orderBy(
        desc(sql`${supportConversations.unreadStaff} > 0`),
        desc(supportConversations.lastAt),
        desc(supportConversations.id),
      )
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count(), unread: sum(supportConversations.unreadStaff) }).from(supportConversations),
  ]);
  const list: SupportConversation[] = rows.map((r) => ({
    id: r.c.id,
    user_id: r.c.userId,
    account: r.email ?? (r.phone ? `+${r.areaCode ?? ''} ${r.phone}` : ''),
    nickname: r.nickname,
    last_message: r.c.lastMessage,
    last_at: r.c.lastAt.getTime(),
    unread: r.c.unreadStaff,
  }));
  return { ...paged(list, totals?.n ?? 0, p), unread_total: Number(totals?.unread ?? 0) };
}

/**
 * Whether `userId` may see the image `ref`: an image of a message in their own conversation.
 * (Staff see every conversation's images.)
 */
export async function imageInConversationOf(db: Db, userId: number, ref: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(and(eq(supportMessages.image, ref), eq(supportConversations.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function imageInAnyConversation(db: Db, ref: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(eq(supportMessages.image, ref))
    .limit(1);
  return row !== undefined;
}
