import { integer, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A user's starred currency; one row per user and currency, so replays cannot duplicate it. */
export const favorites = pgTable(
  'favorites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currencyId: integer('currency_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // The unique index also serves per-user lookups (user_id leads).
  (t) => [unique('favorites_user_currency').on(t.userId, t.currencyId)],
);

export type FavoriteRow = typeof favorites.$inferSelect;
