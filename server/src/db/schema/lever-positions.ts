import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CloseReason, PositionStatus } from '@contract/futures';
import type { MarketSource } from '@contract/market';
import { ledgerHolds } from './ledger-holds';
import { users } from './users';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A futures position (contract/futures.ts): linear USDT, isolated margin, the house as counterparty.
 * A pending row is a limit open waiting for its price (`entry_price` is the limit price); margin and
 * open fee sit in two ledger holds until it opens (the fee is then posted) or is cancelled (both
 * released). An open row's margin is `margin_hold_id`; `margin` is what it still holds (the initial
 * margin less overnight fees). Rates are the pair's terms when it was placed. Every change of
 * `status` is a conditional update on the previous status, so each trigger acts exactly once.
 * `overnight_day` is the last UTC day number (days since 1970-01-01) whose 00:00 fee was charged,
 * or the day it opened; the overnight charge is conditional on it. `trail_best_price` moves only in
 * the position's favour (the engine's write is conditional on that too), so a restart resumes the
 * trailing stop where it was.
 */
export const leverPositions = pgTable(
  'lever_positions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pairId: integer('pair_id').notNull(),
    /** 1 long, 2 short. */
    side: smallint('side').$type<1 | 2>().notNull(),
    /** 1 market, 0 limit. */
    orderType: smallint('order_type').$type<0 | 1>().notNull(),
    status: varchar('status', { length: 9 }).$type<PositionStatus>().notNull(),
    lots: integer('lots').notNull(),
    quantity: amount('quantity').notNull(),
    leverage: integer('leverage').notNull(),
    entryPrice: amount('entry_price').notNull(),
    limitPrice: amount('limit_price'),
    initialMargin: amount('initial_margin').notNull(),
    margin: amount('margin').notNull(),
    openFee: amount('open_fee').notNull(),
    closeFee: amount('close_fee').notNull().default('0'),
    overnightFee: amount('overnight_fee').notNull().default('0'),
    feeRate: amount('fee_rate').notNull(),
    maintenanceRate: amount('maintenance_rate').notNull(),
    overnightRate: amount('overnight_rate').notNull(),
    liquidationPrice: amount('liquidation_price').notNull(),
    takeProfit: amount('take_profit'),
    stopLoss: amount('stop_loss'),
    /** The trailing stop: a percentage or a price distance behind the best mark (one of them, or neither). */
    trailPercent: amount('trail_percent'),
    trailDistance: amount('trail_distance'),
    /** The best mark since the trailing stop was set (long: highest, short: lowest), kept as it moves. */
    trailBestPrice: amount('trail_best_price'),
    /**
     * When the trailing stop was set: the engine's write of a moved best is conditional on it, so a
     * best of a trail the user has since replaced is never written over the new one.
     */
    trailSetAt: timestamp('trail_set_at', { withTimezone: true }),
    marginHoldId: integer('margin_hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    /** The open fee's hold while pending; null for a market open (the fee was posted at once). */
    feeHoldId: integer('fee_hold_id').references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    overnightDay: integer('overnight_day').notNull(),
    closePrice: amount('close_price'),
    /** The feed tick the position closed at: its feed time (epoch ms) and the feed it came from. */
    closePriceAt: bigint('close_price_at', { mode: 'number' }),
    closeSource: varchar('close_source', { length: 16 }).$type<MarketSource>(),
    closeReason: varchar('close_reason', { length: 16 }).$type<CloseReason>(),
    /** The trigger fired on the first feed price after a restart (it may have been crossed while down). */
    closedAfterRestart: boolean('closed_after_restart').notNull().default(false),
    /** Realised profit (never below minus the margin). */
    pnl: amount('pnl'),
    /** What came back to the lever account at close. */
    returned: amount('returned'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // A user's positions by state, newest first (the position lists).
    index('lever_positions_user_idx').on(t.userId, t.status, t.id),
    // The live positions loaded into the trigger index at start, and the house's exposure per side.
    index('lever_positions_live_idx')
      .on(t.pairId, t.side)
      .where(sql`${t.status} IN ('pending', 'open')`),
  ],
);

export type LeverPositionRow = typeof leverPositions.$inferSelect;
