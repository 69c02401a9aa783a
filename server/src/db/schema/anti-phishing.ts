import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The anti-phishing code of an account (at most one): the phrase its owner chose, added to every
 * mail, text and push sent to them (`security/anti-phishing.ts`). A row of its own, so no reply
 * that reads the user's row can carry it by accident.
 */
export const antiPhishingCodes = pgTable('anti_phishing_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 4 to 20 characters (contract/anti-phishing.ts); the column leaves room for 4-byte ones. */
  code: varchar('code', { length: 80 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type AntiPhishingRow = typeof antiPhishingCodes.$inferSelect;
