import { bigint, boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A passkey (WebAuthn credential) of an account; an account may have several. `credential_id`
 * and `public_key` are base64url, as the browser and `@simplewebauthn/server` speak them.
 * `counter` is the authenticator's signature counter: an assertion must move it forward (or
 * both stay 0, for authenticators that keep none), so a cloned key shows itself.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: varchar('credential_id', { length: 1400 }).notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Comma-separated transports the browser reported (`internal`, `hybrid`, ...). */
    transports: varchar('transports', { length: 200 }).notNull().default(''),
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * An issued WebAuthn challenge of a registration (`user_id` set) or a sign-in (no user yet).
 * Deleted by the verification that uses it (single use) and refused after `expires_at`.
 * Step-up challenges live on their confirmation (`step_ups.challenge`).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: varchar('challenge', { length: 100 }).primaryKey(),
    purpose: varchar('purpose', { length: 12 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
