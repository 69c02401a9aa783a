import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The notification inbox: one row per event told to a user (`notify`), written in the transaction
 * of the change it reports, whether or not the user has a push subscription or muted its
 * category (muting stops the push, not the row). Read on every device; push is one delivery
 * channel of these rows (the outbox's `event_id` is the notice id).
 */
export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key, as in push_outbox: a settlement batch writes thousands of rows at once and
    // each key check would also lock the user's row.
    userId: integer('user_id').notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    /** The contract's PushCategory (the part of `type` before the dot). */
    category: varchar('category', { length: 16 }).notNull(),
    /** The contract's PushEvent; rendered in the reader's language when listed. */
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the user first read it (on any device); null: unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // Paging newest first (keyset on id) and the unread count per category.
    index('notices_user_idx').on(t.userId, t.id),
    index('notices_unread_idx')
      .on(t.userId, t.category)
      .where(sql`read_at IS NULL`),
  ],
);

export type NoticeRow = typeof notices.$inferSelect;
