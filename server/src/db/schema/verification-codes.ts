import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Issued verification codes. `destination` is a lower-cased email or `+<area><number>`; only a
 * salted hash of the code is stored. Rows stay after use so the send throttles can count them.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    destination: varchar('destination', { length: 270 }).notNull(),
    scene: varchar('scene', { length: 16 }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** The account the code is for (its owner, or the signed-in user binding it), for per-account caps. */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_destination_idx').on(t.destination, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    index('verification_codes_user_idx').on(t.userId, t.createdAt),
  ],
);

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
