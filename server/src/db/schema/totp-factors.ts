import { bigint, char, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An authenticator app (TOTP, RFC 6238) of an account: one per account. Pending until the first
 * code confirms it (`confirmed_at`). `last_step` is the newest time step accepted, so a code is
 * accepted once; `failures` counts wrong tries and tries being compared, capped like the pay
 * password's, `locked_until` the lock once they ran out. The shared secret is kept sealed.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The secret in clear, as rows written before sealing kept it. Emptied at start
   * (`sealTotpSecrets`), never written; dropped by a later migration once every deployment ran it.
   */
  secret: varchar('secret', { length: 64 }),
  /** The secret sealed with AES-256-GCM (`security/secret-box.ts`), bound to the row's user. */
  secretSealed: varchar('secret_sealed', { length: 200 }),
  /** The id of the key of `TOTP_KEYS` that sealed it (rotation seals again under the current key). */
  secretKeyId: varchar('secret_key_id', { length: 16 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export type TotpFactorRow = typeof totpFactors.$inferSelect;

/** One-time recovery codes of the authenticator app, kept as sha256 hashes only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] }), index('recovery_codes_user_idx').on(t.userId)],
);
