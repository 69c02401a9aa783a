import { char, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A second-factor confirmation of one action. `action_hash` is the sha256 of the action and its
 * exact parameters, so a confirmation made for one withdrawal cannot approve another. The token
 * the user gets after proving the factor is kept only as its sha256; the action's own
 * transaction uses it up (`consumed_at`), so a rolled-back action leaves it unused.
 */
export const stepUps = pgTable(
  'step_ups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 24 }).notNull(),
    actionHash: char('action_hash', { length: 64 }).notNull(),
    /** `passkey`, `totp` or `code`: the strongest factor the user had when it started. */
    factor: varchar('factor', { length: 8 }).notNull(),
    /** The verification code issued for it (factor `code`): only that code confirms it. */
    codeId: integer('code_id'),
    /** The WebAuthn challenge (factor `passkey`). */
    challenge: text('challenge'),
    tokenHash: char('token_hash', { length: 64 }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('step_ups_user_idx').on(t.userId, t.createdAt)],
);

export type StepUpRow = typeof stepUps.$inferSelect;
