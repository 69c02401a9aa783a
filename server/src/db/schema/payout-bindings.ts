import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A bound withdrawal address with the wallet's QR image. */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 8 }).notNull(),
    network: varchar('network', { length: 8 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    qrcode: text('qrcode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('wallet_addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_addresses_unique').on(t.userId, t.currency, t.network, t.address),
  ],
);

/** The user's one domestic card and one international (SWIFT) account; saving replaces. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<'domestic' | 'international'>().notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bank_cards_user_kind_unique').on(t.userId, t.kind)],
);

export type WalletAddressRow = typeof walletAddresses.$inferSelect;
export type BankCardRow = typeof bankCards.$inferSelect;
