import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CouponKind } from '@contract/coupon';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A coupon issued from the console (contract/coupon.ts). `claimed` only grows by a claim made
 * under the row's lock, bounded by `total` (a CHECK backs it up), so a burst of claims never
 * exceeds the stock.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).$type<CouponKind>().notNull(),
    currencyId: integer('currency_id').notNull(),
    rate: amount('rate').notNull(),
    cap: amount('cap').notNull(),
    bonus: amount('bonus').notNull(),
    minAmount: amount('min_amount').notNull(),
    total: integer('total').notNull(),
    claimed: integer('claimed').notNull().default(0),
    perUser: integer('per_user').notNull(),
    /** Epoch ms: claimable and usable until then. */
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('coupons_claimed_check', sql`${t.claimed} >= 0 AND ${t.claimed} <= ${t.total}`)],
);

export type CouponRow = typeof coupons.$inferSelect;

/**
 * A claimed coupon with the terms it was claimed with. Used once: the use is a conditional update
 * (`status = 'available'`) in the transaction of what uses it, and `used_ref` (`position:<id>`,
 * `recharge:<id>`) is unique, so a position or recharge never uses two coupons nor one twice.
 */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull(),
    kind: varchar('kind', { length: 16 }).$type<CouponKind>().notNull(),
    currencyId: integer('currency_id').notNull(),
    rate: amount('rate').notNull(),
    cap: amount('cap').notNull(),
    bonus: amount('bonus').notNull(),
    minAmount: amount('min_amount').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 9 }).$type<'available' | 'used'>().notNull().default('available'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedRef: varchar('used_ref', { length: 32 }),
    /** The discount or bonus paid, and its ledger transaction. */
    saved: amount('saved'),
    txId: bigint('tx_id', { mode: 'number' }),
  },
  (t) => [
    index('user_coupons_user_idx').on(t.userId, t.status, t.expiresAt),
    index('user_coupons_coupon_user_idx').on(t.couponId, t.userId),
    uniqueIndex('user_coupons_used_ref_idx').on(t.usedRef),
    check('user_coupons_used_check', sql`(${t.status} = 'used') = (${t.usedRef} IS NOT NULL)`),
  ],
);

export type UserCouponRow = typeof userCoupons.$inferSelect;
