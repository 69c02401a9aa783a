import { index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One identity verification submission (level 1: document facts; level 2: three pictures). The
 * newest submission of a level is its state; certifying one raises `users.level`.
 */
export const identitySubmissions = pgTable(
  'identity_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realType: smallint('real_type').notNull(),
    idType: varchar('id_type', { length: 16 }),
    name: varchar('name', { length: 200 }).notNull().default(''),
    cardId: varchar('card_id', { length: 32 }).notNull().default(''),
    frontPic: text('front_pic').notNull().default(''),
    reversePic: text('reverse_pic').notNull().default(''),
    handPic: text('hand_pic').notNull().default(''),
    state: varchar('state', { length: 10 }).$type<'review' | 'certified' | 'failed'>().notNull().default('review'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('identity_submissions_user_idx').on(t.userId, t.realType, t.id),
    index('identity_submissions_state_idx').on(t.state, t.id),
  ],
);

export type IdentitySubmissionRow = typeof identitySubmissions.$inferSelect;
