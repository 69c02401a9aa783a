import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  AdSide,
  AdState,
  AppealDecision,
  CancelCause,
  MerchantState,
  OrderState,
  PayMethod,
  PriceType,
} from '@contract/otc';
import { ledgerHolds } from './ledger-holds';
import { users } from './users';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * Merchant applications (contract/otc.ts). Staff approve or refuse with a reason, audited; a user
 * with an approved application is a merchant. One application waits at a time per user.
 */
export const otcApplications = pgTable(
  'otc_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    introduction: text('introduction').notNull().default(''),
    state: varchar('state', { length: 8 }).$type<MerchantState>().notNull(),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('otc_applications_state_idx').on(t.state, t.id),
    uniqueIndex('otc_applications_waiting_unique')
      .on(t.userId)
      .where(sql`${t.state} = 'review'`),
  ],
);

/**
 * A merchant's ad. `remaining` is what orders may still take: an order takes its quantity by a
 * conditional update (`remaining >= quantity`), a cancelled order gives it back, so the quantity
 * in open and completed orders plus `remaining` is always `total`.
 */
export const otcAds = pgTable(
  'otc_ads',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    side: varchar('side', { length: 4 }).$type<AdSide>().notNull(),
    currencyId: integer('currency_id').notNull(),
    fiat: varchar('fiat', { length: 3 }).notNull(),
    priceType: varchar('price_type', { length: 6 }).$type<PriceType>().notNull(),
    fixedPrice: decimal('fixed_price'),
    margin: decimal('margin'),
    total: decimal('total').notNull(),
    remaining: decimal('remaining').notNull(),
    minQty: decimal('min_qty').notNull(),
    maxQty: decimal('max_qty').notNull(),
    methods: jsonb('methods').$type<PayMethod[]>().notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    terms: text('terms').notNull().default(''),
    status: varchar('status', { length: 8 }).$type<AdState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('otc_ads_list_idx').on(t.status, t.side, t.currencyId, t.fiat),
    index('otc_ads_merchant_idx').on(t.merchantId, t.id),
  ],
);

/**
 * An order on an ad. The seller's coins sit in ledger hold `hold_id` (legal account) from the
 * opening until release (posted to the buyer) or cancellation (released). `status` moves by
 * conditional updates under the row lock, so each move and its ledger posting happen once.
 */
export const otcOrders = pgTable(
  'otc_orders',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => otcAds.id, { onDelete: 'restrict' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currencyId: integer('currency_id').notNull(),
    fiat: varchar('fiat', { length: 3 }).notNull(),
    price: decimal('price').notNull(),
    quantity: decimal('quantity').notNull(),
    fiatAmount: decimal('fiat_amount').notNull(),
    /** The order's value in USDT at opening (limits and the two-person rule). */
    valueUsdt: decimal('value_usdt').notNull(),
    method: varchar('method', { length: 16 }).$type<PayMethod>().notNull(),
    payTo: jsonb('pay_to').$type<Record<string, string>>().notNull(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 10 }).$type<OrderState>().notNull(),
    cancelCause: varchar('cancel_cause', { length: 8 }).$type<CancelCause>(),
    proof: text('proof'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    appealBy: integer('appeal_by').references(() => users.id, { onDelete: 'restrict' }),
    appealText: text('appeal_text'),
    appealImages: jsonb('appeal_images').$type<string[]>(),
    appealAt: timestamp('appeal_at', { withTimezone: true }),
    /** A decision waiting for a second staff member, and who made it. */
    pendingDecision: varchar('pending_decision', { length: 8 }).$type<AppealDecision>(),
    pendingBy: integer('pending_by').references(() => users.id, { onDelete: 'restrict' }),
    decision: varchar('decision', { length: 8 }).$type<AppealDecision>(),
  },
  (t) => [
    index('otc_orders_buyer_idx').on(t.buyerId, t.id),
    index('otc_orders_seller_idx').on(t.sellerId, t.id),
    index('otc_orders_merchant_idx').on(t.merchantId, t.status),
    // The timeout sweep: unpaid orders by deadline.
    index('otc_orders_unpaid_idx')
      .on(t.payDeadline)
      .where(sql`${t.status} = 'unpaid'`),
    index('otc_orders_appeal_idx').on(t.status, t.id),
  ],
);

/** The per-order chat between its two sides, kept with the order. */
export const otcMessages = pgTable(
  'otc_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => otcOrders.id, { onDelete: 'restrict' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    text: text('text').notNull().default(''),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('otc_messages_order_idx').on(t.orderId, t.id)],
);

export type OtcApplicationRow = typeof otcApplications.$inferSelect;
export type OtcAdRow = typeof otcAds.$inferSelect;
export type OtcOrderRow = typeof otcOrders.$inferSelect;
export type OtcMessageRow = typeof otcMessages.$inferSelect;
