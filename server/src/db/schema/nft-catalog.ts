import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ListingState, NftRarity, NftType } from '@contract/nft';
import type { LocalizedTexts } from '../../lib/localized';
import { users } from './users';

/** An NFT artist with a homepage (contract/nft.ts `artistSchema`). */
export const nftArtists = pgTable('nft_artists', {
  id: serial('id').primaryKey(),
  /** A stable name for seeded rows: the demo seed inserts each once. */
  slug: varchar('slug', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  avatar: varchar('avatar', { length: 200 }).notNull(),
  homepage: varchar('homepage', { length: 200 }).notNull(),
  intro: text('intro').notNull().default(''),
  /** `intro` in other languages (seeded artists); the column above is English. */
  texts: jsonb('texts').$type<LocalizedTexts>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A collection of one artist's works. A blind box series publishes its rarity odds here
 * (`odds`: JSON `[{rarity, probability}]`, probabilities summing to 1); null for other collections.
 */
export const nftCollections = pgTable('nft_collections', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 32 }).notNull().unique(),
  artistId: integer('artist_id')
    .notNull()
    .references(() => nftArtists.id, { onDelete: 'restrict' }),
  name: varchar('name', { length: 64 }).notNull(),
  description: text('description').notNull().default(''),
  /** `description` in other languages (seeded collections); the column above is English. */
  texts: jsonb('texts').$type<LocalizedTexts>().notNull().default({}),
  cover: varchar('cover', { length: 200 }).notNull(),
  odds: text('odds'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * One unique artwork. `owner_id` null = the platform's catalogue (sales proceeds go to the house);
 * a user's once bought or won. `sale_id` is the current or last sale (nft_sales). `listing_state`
 * as in contract/nft.ts. `collect_count` is kept in the favorite's transaction.
 */
export const nftArtworks = pgTable(
  'nft_artworks',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    description: text('description').notNull().default(''),
    type: varchar('type', { length: 12 }).$type<NftType>().notNull(),
    rarity: varchar('rarity', { length: 2 }).$type<NftRarity>().notNull(),
    image: varchar('image', { length: 200 }).notNull(),
    media: varchar('media', { length: 200 }).notNull(),
    currencyId: integer('currency_id').notNull(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => nftArtists.id, { onDelete: 'restrict' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => nftCollections.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    listingState: varchar('listing_state', { length: 10 }).$type<ListingState>().notNull().default('normal'),
    saleId: integer('sale_id'),
    collectCount: integer('collect_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('nft_artworks_owner_idx')
      .on(t.ownerId, t.id)
      .where(sql`${t.ownerId} is not null`),
    index('nft_artworks_artist_idx').on(t.artistId, t.id),
    index('nft_artworks_collection_idx').on(t.collectionId, t.id),
  ],
);

/**
 * A blind box's sealed content: `content` is the JSON of contract/nft.ts `BlindBoxContent`, `salt`
 * 32 random bytes in hex, `commitment` = sha256 of `canonicalBoxText(code, content, salt)`, all
 * written with the box before any sale. `opened_at` is set once, by the owner.
 */
export const nftBoxes = pgTable('nft_boxes', {
  artworkId: integer('artwork_id')
    .primaryKey()
    .references(() => nftArtworks.id, { onDelete: 'restrict' }),
  content: text('content').notNull(),
  salt: varchar('salt', { length: 64 }).notNull(),
  commitment: varchar('commitment', { length: 64 }).notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }),
});

export type NftArtistRow = typeof nftArtists.$inferSelect;
export type NftCollectionRow = typeof nftCollections.$inferSelect;
export type NftArtworkRow = typeof nftArtworks.$inferSelect;
export type NftBoxRow = typeof nftBoxes.$inferSelect;
