import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { NftOrderState } from '@contract/nft';
import { ledgerHolds } from './ledger-holds';
import { nftArtworks } from './nft-catalog';
import { users } from './users';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * Processing state of a sale. `open` from listing until it is bought (`sold`) or its end is
 * processed: an auction with bids becomes `awaiting_payment`, then `paid` or `expired`; a sale that
 * ended without a buyer `unsold`. Every move is a conditional update from the state read under the
 * row lock, so a sale's end is processed once.
 */
export type NftSaleStatus = 'open' | 'sold' | 'awaiting_payment' | 'paid' | 'expired' | 'unsold';

/**
 * One sale of an artwork: the catalogue's first sale (`seller_id` null, proceeds to the house) or
 * a resale by its owner. Bids lock this row, which orders them against each other and against
 * the end sweep. `end_at` moves 5 minutes later with a bid in the last 5 minutes.
 */
export const nftSales = pgTable(
  'nft_sales',
  {
    id: serial('id').primaryKey(),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => nftArtworks.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'restrict' }),
    payType: smallint('pay_type').notNull(),
    currencyId: integer('currency_id').notNull(),
    price: decimal('price').notNull(),
    perIncrease: decimal('per_increase').notNull(),
    margin: decimal('margin').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).$type<NftSaleStatus>().notNull().default('open'),
    topBid: decimal('top_bid'),
    topBidderId: integer('top_bidder_id'),
    bidCount: integer('bid_count').notNull().default(0),
    /** The "ends in 10 minutes" notice went out (set once, conditionally). */
    endingNotified: boolean('ending_notified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('nft_sales_artwork_idx').on(t.artworkId, t.id),
    // What the end sweep and the ending notice walk.
    index('nft_sales_open_idx')
      .on(t.endAt, t.id)
      .where(sql`${t.status} = 'open'`),
    // An open auction always has a margin to hold from each bidder: without one a bid costs
    // nothing and anyone can block the sale with an absurd price. (Sales ended before margins were
    // required keep their terms.)
    check('nft_sales_auction_margin_check', sql`${t.payType} <> 2 OR ${t.margin} > 0 OR ${t.status} <> 'open'`),
  ],
);

/** One accepted bid. */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => nftSales.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    price: decimal('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('nft_bids_sale_idx').on(t.saleId, t.id), index('nft_bids_user_idx').on(t.userId, t.id)],
);

/**
 * A bidder's margin on one sale: ledger hold `hold_id`, one per user and sale (the unique index
 * makes a concurrent second hold fail). `held` until released (lost), `applied` (part of the
 * winner's payment) or `forfeited` (to the house when the winner did not pay).
 */
export const nftMargins = pgTable(
  'nft_margins',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => nftSales.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    holdId: integer('hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    amount: decimal('amount').notNull(),
    status: varchar('status', { length: 10 }).$type<'held' | 'released' | 'applied' | 'forfeited'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('nft_margins_sale_user_idx').on(t.saleId, t.userId)],
);

/**
 * What a buyer owes or paid for one sale (at most one order per sale). A fixed-price buy is
 * `paid` at once; a won auction is `awaiting_payment` until `due_at`, then `paid` or `expired`.
 */
export const nftOrders = pgTable(
  'nft_orders',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .unique()
      .references(() => nftSales.id, { onDelete: 'restrict' }),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => nftArtworks.id, { onDelete: 'restrict' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id'),
    payType: smallint('pay_type').notNull(),
    currencyId: integer('currency_id').notNull(),
    price: decimal('price').notNull(),
    margin: decimal('margin').notNull(),
    amountDue: decimal('amount_due').notNull(),
    status: varchar('status', { length: 16 }).$type<NftOrderState>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The "one hour left to pay" notice went out (set once, conditionally). */
    dueNotified: boolean('due_notified').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('nft_orders_buyer_idx').on(t.buyerId, t.status, t.id),
    index('nft_orders_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

export type NftSaleRow = typeof nftSales.$inferSelect;
export type NftBidRow = typeof nftBids.$inferSelect;
export type NftMarginRow = typeof nftMargins.$inferSelect;
export type NftOrderRow = typeof nftOrders.$inferSelect;
