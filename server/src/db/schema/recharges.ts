import { bigint, index, integer, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A recharge request: the user says they sent `amount` on `network` and shows a payment voucher;
 * nothing is credited until review approves it (then `txId` is the crediting ledger transaction).
 */
export const recharges = pgTable(
  'recharges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: varchar('currency', { length: 8 }).notNull(),
    network: varchar('network', { length: 8 }).notNull(),
    account: varchar('account', { length: 8 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    voucher: text('voucher').notNull(),
    status: varchar('status', { length: 10 }).$type<'review' | 'approved' | 'rejected'>().notNull().default('review'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'restrict' }),
    txId: bigint('tx_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('recharges_user_idx').on(t.userId, t.id), index('recharges_status_idx').on(t.status, t.id)],
);

export type RechargeRow = typeof recharges.$inferSelect;
