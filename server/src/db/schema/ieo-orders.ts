import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { IeoOrderStatus } from '@contract/ieo';
import { ieoProjects } from './ieo-projects';
import { ledgerHolds } from './ledger-holds';
import { ledgerTransactions } from './ledger-transactions';
import { users } from './users';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * An IEO subscription (contract/ieo.ts). `pay` (amount x price) sits in ledger hold `hold_id` on
 * the user's change account until the end sweep, which sets `passed`, `paid`, `refund` and moves
 * `status` from `applied` once (conditional update, `allocate_tx_id`); the credit sweep moves
 * `allocated` to `credited` once (`credit_tx_id`).
 */
export const ieoOrders = pgTable(
  'ieo_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => ieoProjects.id, { onDelete: 'restrict' }),
    amount: amount('amount').notNull(),
    price: amount('price').notNull(),
    pay: amount('pay').notNull(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 12 }).$type<IeoOrderStatus>().notNull(),
    passed: amount('passed'),
    paid: amount('paid'),
    refund: amount('refund'),
    allocateTxId: bigint('allocate_tx_id', { mode: 'number' }).references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    creditTxId: bigint('credit_tx_id', { mode: 'number' }).references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    // A user's subscriptions, newest first (the list), and per project (the per-user maximum).
    index('ieo_orders_user_idx').on(t.userId, t.id),
    index('ieo_orders_user_project_idx').on(t.userId, t.projectId),
    // A project's subscriptions waiting for allocation or credit (the sweeps).
    index('ieo_orders_open_idx')
      .on(t.projectId, t.status, t.id)
      .where(sql`${t.status} in ('applied', 'allocated')`),
  ],
);

export type IeoOrderRow = typeof ieoOrders.$inferSelect;
