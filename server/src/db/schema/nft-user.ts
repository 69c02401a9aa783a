import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { NftMessageKind } from '@contract/nft';
import { nftArtworks } from './nft-catalog';
import { users } from './users';

/** A user's NFT message (outbid, ending soon, won, payment due or expired, ...): unread until read. */
export const nftMessages = pgTable(
  'nft_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 16 }).$type<NftMessageKind>().notNull(),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => nftArtworks.id, { onDelete: 'restrict' }),
    orderId: integer('order_id'),
    price: numeric('price', { precision: 38, scale: 18 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('nft_messages_user_idx').on(t.userId, t.id),
    index('nft_messages_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A user's favorite artwork (SPEC.md "collect"). */
export const nftCollects = pgTable(
  'nft_collects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => nftArtworks.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.artworkId] }), index('nft_collects_user_idx').on(t.userId, t.createdAt)],
);

export type NftMessageRow = typeof nftMessages.$inferSelect;
