import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Demo mode's outbox: mail and text messages that would have been sent. Never used in production. */
export const devMail = pgTable(
  'dev_mail',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: varchar('to', { length: 270 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    code: varchar('code', { length: 16 }).notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dev_mail_to_idx').on(t.to, t.sentAt)],
);

export type DevMailRow = typeof devMail.$inferSelect;
