import { char, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/**
 * The devices an account has signed in from. `identity` is `k:` and the sha256 of the device key
 * the app keeps and sends with each sign-in, or `f:` and the browser family for a sign-in without
 * one (`server/src/devices/identity.ts`). A sign-in from an identity not listed is a new device.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identity: varchar('identity', { length: 80 }).notNull(),
    /** "Chrome on Windows", as the alert named it. */
    name: varchar('name', { length: 80 }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.identity] })],
);

/**
 * The alert of a sign-in from a new device and its "this wasn't me" link: only the sha256 of the
 * link's token is kept. Used once (`used_at`, by one conditional update), until `expires_at`.
 */
export const signInAlerts = pgTable(
  'sign_in_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in the alert is about; kept when the session row is gone. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    identity: varchar('identity', { length: 80 }).notNull(),
    device: varchar('device', { length: 80 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_alerts_user_idx').on(t.userId)],
);

export type SignInAlertRow = typeof signInAlerts.$inferSelect;
