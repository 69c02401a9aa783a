import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A device's web push subscription (`PushSubscription.toJSON()`); several per user. The endpoint
 * is unique: subscribing again from the same device updates the row (keys, language, owner).
 * Deleted when the push service answers 404 or 410 (the subscription is gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 1024 }).notNull().unique(),
    p256dh: varchar('p256dh', { length: 128 }).notNull(),
    auth: varchar('auth', { length: 64 }).notNull(),
    /** The language notifications to this device are written in (contract LOCALES). */
    locale: varchar('locale', { length: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A category the user turned off (contract PUSH_CATEGORIES); every other category is on. */
export const pushMuted = pgTable(
  'push_muted',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 16 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushMutedRow = typeof pushMuted.$inferSelect;
