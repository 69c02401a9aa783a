import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** The public chat room's messages; a message staff deleted keeps its row (audit) and leaves history. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('chat_messages_user_idx').on(t.userId)],
);

/**
 * A user's standing in the chat room: the mute staff set, and the post-rate window (posts counted
 * since `window_start`), updated by one upsert per post so a burst is counted under the row lock.
 */
export const chatMembers = pgTable('chat_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mutedUntil: timestamp('muted_until', { withTimezone: true }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  windowCount: integer('window_count').notNull(),
});

/** One customer-service conversation per user, with the unread counts of each side. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessage: varchar('last_message', { length: 120 }).notNull().default(''),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** Staff messages the user has not read. */
    unreadUser: integer('unread_user').notNull().default(0),
    /** User messages staff have not read. */
    unreadStaff: integer('unread_staff').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('support_conversations_user').on(t.userId), index('support_conversations_last_idx').on(t.lastAt)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromStaff: boolean('from_staff').notNull(),
    content: text('content').notNull(),
    /** `/api/upload/<name>` of the attached image. */
    image: varchar('image', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    index('support_messages_image_idx').on(t.image),
  ],
);

/** Mini game: one guess per user and UTC day (epoch ms of the day's start). No money. */
export const gameGuesses = pgTable(
  'game_guesses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: bigint('day', { mode: 'number' }).notNull(),
    direction: varchar('direction', { length: 4 }).$type<'up' | 'down'>().notNull(),
    status: varchar('status', { length: 8 }).$type<'open' | 'won' | 'lost' | 'tie' | 'void'>().notNull(),
    points: integer('points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('game_guesses_user_day').on(t.userId, t.day), index('game_guesses_day_idx').on(t.day, t.status)],
);

/** A settled day of the game: the recorded daily open and close it was judged by (once per day). */
export const gameRounds = pgTable('game_rounds', {
  day: bigint('day', { mode: 'number' }).primaryKey(),
  pairId: integer('pair_id').notNull(),
  open: numeric('open', { precision: 30, scale: 10 }),
  close: numeric('close', { precision: 30, scale: 10 }),
  result: varchar('result', { length: 8 }).$type<'up' | 'down' | 'flat' | 'void'>().notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
});

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type SupportConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type GameGuessRow = typeof gameGuesses.$inferSelect;
export type GameRoundRow = typeof gameRounds.$inferSelect;
