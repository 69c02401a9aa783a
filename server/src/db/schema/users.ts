import {
  boolean,
  char,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { UserRole } from '@contract/define';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Public account number shown to the user and to support; random so it leaks no counts. */
    accountNumber: varchar('account_number', { length: 16 }).notNull().unique(),
    email: varchar('email', { length: 254 }),
    /** Dialling code without the plus; set together with `phone`. */
    areaCode: varchar('area_code', { length: 4 }),
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    /** Wrong pay passwords in a row; reaching the maximum locks withdrawals for a while. */
    payPasswordFailures: integer('pay_password_failures').notNull().default(0),
    payPasswordLockedUntil: timestamp('pay_password_locked_until', { withTimezone: true }),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    headPortrait: text('head_portrait').notNull().default(''),
    signature: varchar('signature', { length: 64 }).notNull().default(''),
    /** This user's own code that others register with. */
    invitationCode: varchar('invitation_code', { length: 16 }).notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Credit score shown on the profile; every account starts at 100. */
    score: integer('score').notNull().default(100),
    /** "Stay logged in": long-lived sessions (SESSION_IDLE_DAYS) or short ones (SESSION_SHORT_IDLE_MINUTES). */
    stayLoggedIn: boolean('stay_logged_in').notNull().default(true),
    level: integer('level').notNull().default(0),
    realState: varchar('real_state', { length: 16 }).notNull().default('none'),
    /** `admin` may use the back office (/api/admin); set only by `npm run admin:create`. */
    role: varchar('role', { length: 8 }).$type<UserRole>().notNull().default('user'),
    disabled: boolean('disabled').notNull().default(false),
    /** Set by the back office while the account is frozen: login answers with this reason. */
    frozenReason: varchar('frozen_reason', { length: 200 }),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    /**
     * The last change of a credential that was already set (login or pay password, email, phone,
     * second factor): withdrawals pause for a day after it (security/withdraw-guard.ts).
     */
    securityChangedAt: timestamp('security_changed_at', { withTimezone: true }),
    /** Withdrawal whitelist: only destinations saved a day before, until it is switched off. */
    withdrawWhitelist: boolean('withdraw_whitelist').notNull().default(false),
    /** When switching the whitelist off takes effect (a day after the request); null while on. */
    whitelistOffAt: timestamp('whitelist_off_at', { withTimezone: true }),
    /** Set by a "this wasn't me" link (devices/not-me.ts): withdrawals are refused until lifted. */
    withdrawFrozenAt: timestamp('withdraw_frozen_at', { withTimezone: true }),
    /** sha256 of `password_hash` at the freeze: lifting it needs a login password set since. */
    withdrawFreezeMark: char('withdraw_freeze_mark', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // NULLs are distinct in unique indexes, so accounts without an email or phone do not collide.
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_phone_unique').on(t.areaCode, t.phone)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
