import { integer, jsonb, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { LocalizedTexts } from '../../lib/localized';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A lock-mining product (contract/lockming.ts): daily yield range, lock days, minimum single
 * amount and early-redemption penalty ratio per remaining day. Created and edited by admins
 * (audited) and seeded in demo mode. Orders copy the terms they were accepted with, so an edit
 * never changes an order.
 */
export const lockProducts = pgTable('lock_products', {
  id: serial('id').primaryKey(),
  /** English; `texts` holds the name in other languages (seeded products). */
  name: varchar('name', { length: 64 }).notNull(),
  texts: jsonb('texts').$type<LocalizedTexts>().notNull().default({}),
  currencyId: integer('currency_id').notNull(),
  minRate: decimal('min_rate').notNull(),
  maxRate: decimal('max_rate').notNull(),
  days: integer('days').notNull(),
  minAmount: decimal('min_amount').notNull(),
  penaltyRate: decimal('penalty_rate').notNull(),
  /** 1 open for deposits, 0 withdrawn. */
  status: smallint('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type LockProductRow = typeof lockProducts.$inferSelect;
