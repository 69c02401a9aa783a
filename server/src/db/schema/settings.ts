import { boolean, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Site settings; only `public` ones are readable through `/getSetting`. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  public: boolean('public').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SettingRow = typeof settings.$inferSelect;
