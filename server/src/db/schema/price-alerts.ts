import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { AlertKind, AlertStatus } from '@contract/alerts';
import { users } from './users';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A user's price alert on a pair (`products/alerts`). A firing is a conditional update of this row
 * (one-shot: `active` to `fired`; repeating: `last_fired_at` at least the cool-down back), made in
 * the transaction that writes the notice, so a tick seen twice or by two processes fires it once.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pairId: integer('pair_id').notNull(),
    kind: varchar('kind', { length: 8 }).$type<AlertKind>().notNull(),
    /** Target price of `above` / `below`. */
    price: decimal('price'),
    /** 24 h change in percent of `change`. */
    percent: decimal('percent'),
    repeat: boolean('repeat').notNull(),
    cooldownMinutes: integer('cooldown_minutes').notNull(),
    status: varchar('status', { length: 8 }).$type<AlertStatus>().notNull(),
    firedCount: integer('fired_count').notNull().default(0),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    lastFiredPrice: decimal('last_fired_price'),
    lastFiredChange: decimal('last_fired_change'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    // What the watcher loads at start.
    index('price_alerts_active_idx')
      .on(t.pairId)
      .where(sql`${t.status} = 'active'`),
  ],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
