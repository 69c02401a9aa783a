import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { LockRedeemKind, LockStatus } from '@contract/lockming';
import { ledgerHolds } from './ledger-holds';
import { lockProducts } from './lock-products';
import { users } from './users';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A lock-mining order. The principal sits in ledger hold `hold_id` on the user's change account
 * until it is released at `end_at` or redeemed early. Days are UTC day numbers: interest days run
 * from `first_day` to `last_day` (deposit day + 1 .. deposit day + days); `paid_through_day` is
 * the last day whose interest was paid (first_day - 1 at the start). Paying a day is a conditional
 * update on `paid_through_day` under the row lock, so each day is paid exactly once; `status`
 * moves from `in_progress` to `redeemed` once, conditionally.
 */
export const lockOrders = pgTable(
  'lock_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => lockProducts.id, { onDelete: 'restrict' }),
    currencyId: integer('currency_id').notNull(),
    amount: decimal('amount').notNull(),
    days: integer('days').notNull(),
    minRate: decimal('min_rate').notNull(),
    maxRate: decimal('max_rate').notNull(),
    penaltyRate: decimal('penalty_rate').notNull(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    firstDay: integer('first_day').notNull(),
    lastDay: integer('last_day').notNull(),
    paidThroughDay: integer('paid_through_day').notNull(),
    interest: decimal('interest').notNull().default('0'),
    status: varchar('status', { length: 12 }).$type<LockStatus>().notNull(),
    redeemKind: varchar('redeem_kind', { length: 8 }).$type<LockRedeemKind>(),
    penalty: decimal('penalty'),
    refund: decimal('refund'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [
    // A user's orders by state (the two tabs).
    index('lock_orders_user_idx').on(t.userId, t.status, t.id),
    // What the daily interest job and the maturity sweep walk.
    index('lock_orders_live_idx')
      .on(t.endAt, t.id)
      .where(sql`${t.status} = 'in_progress'`),
  ],
);

export type LockOrderRow = typeof lockOrders.$inferSelect;
