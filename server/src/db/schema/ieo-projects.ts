import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { LocalizedTexts } from '../../lib/localized';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * An IEO project (contract/ieo.ts). The display state comes from `start_at` and `end_at`;
 * `status` is the processing state: `open` until the end sweep allocates (a conditional update
 * from `open` to `allocated`, so the end is processed exactly once). `applied` is the running sum
 * of subscriptions, updated in each subscription's transaction (which also makes that row the
 * lock that orders subscriptions against the end sweep). `credit_at` = min(end + lock period,
 * listing time), stored so the credit sweep compares it directly.
 */
export const ieoProjects = pgTable(
  'ieo_projects',
  {
    id: serial('id').primaryKey(),
    /** A stable name for seeded projects (seeding inserts each once); null for admin-made ones. */
    code: varchar('code', { length: 32 }).unique(),
    name: varchar('name', { length: 64 }).notNull(),
    intro: text('intro').notNull().default(''),
    /** `name` and `intro` in other languages (seeded projects); the columns above are English. */
    texts: jsonb('texts').$type<LocalizedTexts>().notNull().default({}),
    coinId: integer('coin_id').notNull(),
    payCurrencyId: integer('pay_currency_id').notNull(),
    price: amount('price').notNull(),
    total: amount('total').notNull(),
    minAmount: amount('min_amount').notNull(),
    maxAmount: amount('max_amount').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    lockDays: integer('lock_days').notNull(),
    listingAt: timestamp('listing_at', { withTimezone: true }),
    creditAt: timestamp('credit_at', { withTimezone: true }).notNull(),
    whitepaper: varchar('whitepaper', { length: 200 }).notNull().default(''),
    website: varchar('website', { length: 200 }).notNull().default(''),
    applied: amount('applied').notNull().default('0'),
    passed: amount('passed'),
    status: varchar('status', { length: 12 }).$type<'open' | 'allocated'>().notNull().default('open'),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // What the end sweep takes: open projects by end time.
    index('ieo_projects_due_idx')
      .on(t.endAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

export type IeoProjectRow = typeof ieoProjects.$inferSelect;
