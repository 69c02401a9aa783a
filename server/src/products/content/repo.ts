/** Content queries: published items for users, every item for the console. Routes hold no SQL. */
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ContentKind, ContentPage } from '@contract/content';
import type { Db } from '../../db/client';
import { contentItems, contentTexts, type ContentItemRow, type ContentTextRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/types';
import { offsetOf, type PageRequest } from '../../lib/paging';

type NewItem = typeof contentItems.$inferInsert;
type Reader = Db | Tx;

const visible = (kind: ContentKind) =>
  and(eq(contentItems.kind, kind), eq(contentItems.published, true), isNotNull(contentItems.publishedAt));

/** Banners and FAQ entries by their order; news and notices newest first. */
const orderOf = (kind: ContentKind) =>
  kind === 'banner' || kind === 'faq' || kind === 'page'
    ? [asc(contentItems.sort), desc(contentItems.id)]
    : [desc(contentItems.publishedAt), desc(contentItems.id)];

export async function publishedPage(db: Db, kind: ContentKind, p: PageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentItems)
      .where(visible(kind))
      .orderBy(...orderOf(kind))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(contentItems).where(visible(kind)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function publishedAll(db: Db, kind: ContentKind, max = 100): Promise<ContentItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(visible(kind))
    .orderBy(...orderOf(kind))
    .limit(max);
}

/** A published item of one of `kinds`. */
export async function publishedItem(db: Db, id: number, kinds: ContentKind[]): Promise<ContentItemRow | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.id, id),
        inArray(contentItems.kind, kinds),
        eq(contentItems.published, true),
        isNotNull(contentItems.publishedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function publishedInfoPage(db: Db, key: ContentPage): Promise<ContentItemRow | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(visible('page'), eq(contentItems.pageKey, key)))
    .limit(1);
  return row;
}

/** Texts of these items in these locales. */
export async function textsOf(db: Reader, itemIds: number[], locales?: string[]): Promise<ContentTextRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(contentTexts)
    .where(
      locales
        ? and(inArray(contentTexts.itemId, itemIds), inArray(contentTexts.locale, locales))
        : inArray(contentTexts.itemId, itemIds),
    );
}

// ---- Console ----

export async function itemPage(db: Db, kind: ContentKind, p: PageRequest) {
  const where = eq(contentItems.kind, kind);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentItems)
      .where(where)
      .orderBy(...(kind === 'news' || kind === 'popup' ? [desc(contentItems.id)] : orderOf(kind)))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(contentItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function lockItem(tx: Tx, id: number): Promise<ContentItemRow | undefined> {
  const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
  return row;
}

export async function pageItemByKey(tx: Tx, key: ContentPage): Promise<ContentItemRow | undefined> {
  const [row] = await tx.select().from(contentItems).where(eq(contentItems.pageKey, key)).limit(1);
  return row;
}

export async function insertItem(tx: Tx, values: NewItem): Promise<ContentItemRow> {
  const [row] = await tx.insert(contentItems).values(values).returning();
  if (!row) throw new Error('content item not inserted');
  return row;
}

export async function updateItem(tx: Tx, id: number, set: Partial<NewItem>): Promise<ContentItemRow> {
  const [row] = await tx.update(contentItems).set(set).where(eq(contentItems.id, id)).returning();
  if (!row) throw new Error('content item not updated');
  return row;
}

export async function deleteItem(tx: Tx, id: number): Promise<void> {
  await tx.delete(contentItems).where(eq(contentItems.id, id));
}

export async function upsertText(tx: Tx, values: typeof contentTexts.$inferInsert): Promise<void> {
  await tx
    .insert(contentTexts)
    .values(values)
    .onConflictDoUpdate({
      target: [contentTexts.itemId, contentTexts.locale],
      set: { title: values.title, summary: values.summary, body: values.body, updatedAt: values.updatedAt },
    });
}

export async function itemIdByCode(tx: Tx, code: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.code, code)).limit(1);
  return row?.id;
}

export async function itemCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contentItems);
  return row?.n ?? 0;
}

/**
 * Inserts a seeded item with its texts unless it conflicts with one already there (its code, or
 * its page key): two processes seeding at once insert each item once.
 */
export async function insertItemOnce(
  tx: Tx,
  values: NewItem & { code: string },
  texts: Omit<typeof contentTexts.$inferInsert, 'itemId'>[],
): Promise<void> {
  const [row] = await tx.insert(contentItems).values(values).onConflictDoNothing().returning({ id: contentItems.id });
  if (!row || texts.length === 0) return;
  await tx.insert(contentTexts).values(texts.map((t) => ({ ...t, itemId: row.id })));
}
