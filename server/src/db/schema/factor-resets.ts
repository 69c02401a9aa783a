import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A two-person reset of an account's second factor (`security/factor-reset.ts`): one admin
 * proposes removing the authenticator app and/or every passkey, another approves (or any admin
 * rejects) before `expires_at`. `state` is `pending` until decided once, under the row's lock;
 * an expired proposal stays `pending` in the table and is read as expired.
 */
export const factorResets = pgTable(
  'factor_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removeTotp: boolean('remove_totp').notNull(),
    removePasskeys: boolean('remove_passkeys').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** `pending`, `applied` or `rejected`. */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: varchar('decision_reason', { length: 200 }).notNull().default(''),
  },
  (t) => [index('factor_resets_user_idx').on(t.userId, t.id), index('factor_resets_state_idx').on(t.state, t.id)],
);

export type FactorResetRow = typeof factorResets.$inferSelect;
