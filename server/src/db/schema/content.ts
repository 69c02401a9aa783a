import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ContentKind, ContentPage } from '@contract/content';

/**
 * A content item (contract/content.ts): news, banner, popup notice, FAQ entry or info page. Its
 * texts are per locale in `content_texts`. `published_at` is set when first published and kept
 * (the date users see); `published` withdraws an item without losing that date.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    /** A stable name for seeded items (seeding inserts each once); null for console-made ones. */
    code: varchar('code', { length: 40 }).unique(),
    kind: varchar('kind', { length: 8 }).$type<ContentKind>().notNull(),
    /** For kind `page`: which page (one item each). */
    pageKey: varchar('page_key', { length: 32 }).$type<ContentPage>(),
    sort: integer('sort').notNull().default(0),
    /** A banner's artwork name; empty otherwise. */
    image: varchar('image', { length: 16 }).notNull().default(''),
    /** A banner's news article; a deleted article leaves the banner linking nowhere. */
    linkId: integer('link_id'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('content_items_kind_idx').on(t.kind, t.published, t.publishedAt),
    uniqueIndex('content_items_page_key_idx')
      .on(t.pageKey)
      .where(sql`${t.pageKey} is not null`),
  ],
);

/** One locale's text of an item; `body` is sanitised HTML. */
export const contentTexts = pgTable(
  'content_texts',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 4 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    body: text('body').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.locale] })],
);

export type ContentItemRow = typeof contentItems.$inferSelect;
export type ContentTextRow = typeof contentTexts.$inferSelect;
