import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { NftRarity, NftType } from '@contract/nft';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import {
  nftArtists,
  nftArtworks,
  nftBoxes,
  nftCollections,
  nftCollects,
  nftBids,
  nftMargins,
  nftMessages,
  nftOrders,
  nftSales,
  type NftArtworkRow,
} from '../../db/schema/index';
import { offsetOf, type PageRequest } from '../../lib/paging';
import type { Tx } from '../../ledger/index';
import { anonymous, type ArtworkParts, type Viewer } from './views';

/** Reads of the catalogue (no locks): artworks with their sale, artist, collection and box. */

type Reader = Db | Tx;

/** A LIKE pattern matching `keyword` literally anywhere. */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function partsOf(db: Reader, rows: NftArtworkRow[]): Promise<ArtworkParts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const saleIds = rows.flatMap((r) => (r.saleId === null ? [] : [r.saleId]));
  const [sales, artists, collections, boxes] = await readTogether(db, [
    saleIds.length ? db.select().from(nftSales).where(inArray(nftSales.id, saleIds)) : Promise.resolve([]),
    db
      .select()
      .from(nftArtists)
      .where(inArray(nftArtists.id, [...new Set(rows.map((r) => r.artistId))])),
    db
      .select()
      .from(nftCollections)
      .where(inArray(nftCollections.id, [...new Set(rows.map((r) => r.collectionId))])),
    db.select().from(nftBoxes).where(inArray(nftBoxes.artworkId, ids)),
  ]);
  return rows.map((artwork) => ({
    artwork,
    sale: sales.find((s) => s.id === artwork.saleId) ?? null,
    artist: artists.find((a) => a.id === artwork.artistId)!,
    collection: collections.find((c) => c.id === artwork.collectionId)!,
    box: boxes.find((b) => b.artworkId === artwork.id) ?? null,
  }));
}

/** What the signed-in caller has to do with these artworks: favorites and margins held. */
export async function viewerOf(db: Reader, userId: number | null, parts: ArtworkParts[]): Promise<Viewer> {
  if (userId === null || parts.length === 0) return { ...anonymous, userId };
  const ids = parts.map((p) => p.artwork.id);
  const saleIds = parts.flatMap((p) => (p.sale ? [p.sale.id] : []));
  const [collected, margins] = await readTogether(db, [
    db
      .select({ id: nftCollects.artworkId })
      .from(nftCollects)
      .where(and(eq(nftCollects.userId, userId), inArray(nftCollects.artworkId, ids))),
    saleIds.length
      ? db
          .select({ id: nftMargins.saleId })
          .from(nftMargins)
          .where(and(eq(nftMargins.userId, userId), inArray(nftMargins.saleId, saleIds), eq(nftMargins.status, 'held')))
      : Promise.resolve([]),
  ]);
  return { userId, collected: new Set(collected.map((c) => c.id)), margins: new Set(margins.map((m) => m.id)) };
}

export interface ArtworkFilter {
  type?: NftType;
  pay_type?: number;
  rarity?: NftRarity;
  uid?: number;
  collection_id?: number;
  keyword?: string;
}

/** Artworks whose current sale is open (upcoming or running), newest sale first. */
export async function artworksForSale(db: Reader, f: ArtworkFilter, p: PageRequest) {
  const where: (SQL | undefined)[] = [eq(nftSales.status, 'open')];
  if (f.type) where.push(eq(nftArtworks.type, f.type));
  if (f.pay_type) where.push(eq(nftSales.payType, f.pay_type));
  // A sealed box's rarity is not known: only opened ones (and other types) match a rarity.
  if (f.rarity) where.push(and(eq(nftArtworks.rarity, f.rarity), sql`${nftArtworks.type} <> 'blind_box'`));
  if (f.uid) where.push(eq(nftArtworks.artistId, f.uid));
  if (f.collection_id) where.push(eq(nftArtworks.collectionId, f.collection_id));
  if (f.keyword) {
    const like = likeOf(f.keyword);
    where.push(or(ilike(nftArtworks.name, like), ilike(nftArtists.name, like)));
  }
  const cond = and(...where);
  const base = () =>
    db
      .select({ artwork: nftArtworks })
      .from(nftArtworks)
      .innerJoin(nftSales, eq(nftSales.id, nftArtworks.saleId))
      .innerJoin(nftArtists, eq(nftArtists.id, nftArtworks.artistId));
  const [rows, [total]] = await Promise.all([
    base().where(cond).orderBy(desc(nftSales.id)).limit(p.limit).offset(offsetOf(p)),
    db
      .select({ n: count() })
      .from(nftArtworks)
      .innerJoin(nftSales, eq(nftSales.id, nftArtworks.saleId))
      .innerJoin(nftArtists, eq(nftArtists.id, nftArtworks.artistId))
      .where(cond),
  ]);
  return { rows: rows.map((r) => r.artwork), total: total?.n ?? 0 };
}

/** An artist's works (every artwork of theirs, sold or not), newest first. */
export async function artworksOfArtist(db: Reader, artistId: number, p: PageRequest) {
  const cond = eq(nftArtworks.artistId, artistId);
  const [rows, [total]] = await Promise.all([
    db.select().from(nftArtworks).where(cond).orderBy(desc(nftArtworks.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(nftArtworks).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function ownedBy(db: Reader, userId: number, type: NftType | undefined, p: PageRequest) {
  const cond = and(eq(nftArtworks.ownerId, userId), type ? eq(nftArtworks.type, type) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(nftArtworks).where(cond).orderBy(desc(nftArtworks.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(nftArtworks).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function collectedBy(db: Reader, userId: number, p: PageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ artwork: nftArtworks })
      .from(nftCollects)
      .innerJoin(nftArtworks, eq(nftArtworks.id, nftCollects.artworkId))
      .where(eq(nftCollects.userId, userId))
      .orderBy(desc(nftCollects.createdAt), desc(nftCollects.artworkId))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(nftCollects).where(eq(nftCollects.userId, userId)),
  ]);
  return { rows: rows.map((r) => r.artwork), total: total?.n ?? 0 };
}

export async function artworkById(db: Reader, id: number) {
  const [row] = await db.select().from(nftArtworks).where(eq(nftArtworks.id, id));
  return row ?? null;
}

export async function artworksByIds(db: Reader, ids: number[]) {
  if (ids.length === 0) return new Map<number, NftArtworkRow>();
  const rows = await db
    .select()
    .from(nftArtworks)
    .where(inArray(nftArtworks.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Works per artist and per collection, for the lists. */
export async function workCounts(db: Reader) {
  const [byArtist, byCollection] = await Promise.all([
    db.select({ id: nftArtworks.artistId, n: count() }).from(nftArtworks).groupBy(nftArtworks.artistId),
    db.select({ id: nftArtworks.collectionId, n: count() }).from(nftArtworks).groupBy(nftArtworks.collectionId),
  ]);
  return {
    artist: new Map(byArtist.map((r) => [r.id, r.n])),
    collection: new Map(byCollection.map((r) => [r.id, r.n])),
  };
}

/** Bids with their sale's artwork: one auction's (highest first) or one user's (newest first). */
export async function bidsOf(db: Reader, by: { saleId: number } | { userId: number }, p: PageRequest) {
  const cond = 'saleId' in by ? eq(nftBids.saleId, by.saleId) : eq(nftBids.userId, by.userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ bid: nftBids, sale: nftSales, artwork: nftArtworks })
      .from(nftBids)
      .innerJoin(nftSales, eq(nftSales.id, nftBids.saleId))
      .innerJoin(nftArtworks, eq(nftArtworks.id, nftSales.artworkId))
      .where(cond)
      .orderBy(desc(nftBids.id))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(nftBids).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A user's orders (all, or those awaiting payment soonest due first) with their artworks. */
export async function ordersOf(db: Reader, userId: number, awaiting: boolean, p: PageRequest) {
  const cond = and(eq(nftOrders.buyerId, userId), awaiting ? eq(nftOrders.status, 'awaiting_payment') : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: nftOrders, artwork: nftArtworks })
      .from(nftOrders)
      .innerJoin(nftArtworks, eq(nftArtworks.id, nftOrders.artworkId))
      .where(cond)
      .orderBy(awaiting ? asc(nftOrders.dueAt) : desc(nftOrders.id), desc(nftOrders.id))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(nftOrders).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function messagesOf(db: Reader, userId: number, p: PageRequest) {
  const cond = eq(nftMessages.userId, userId);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({ message: nftMessages, artwork: nftArtworks })
      .from(nftMessages)
      .innerJoin(nftArtworks, eq(nftArtworks.id, nftMessages.artworkId))
      .where(cond)
      .orderBy(desc(nftMessages.id))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(nftMessages).where(cond),
    unreadCount(db, userId),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread ?? 0 };
}

export async function unreadCount(db: Reader, userId: number): Promise<[number]> {
  const [row] = await db
    .select({ n: count() })
    .from(nftMessages)
    .where(and(eq(nftMessages.userId, userId), isNull(nftMessages.readAt)));
  return [row?.n ?? 0];
}

/** The caller's order on an artwork awaiting payment, if any. */
export async function awaitingOrderId(db: Reader, userId: number, artworkId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: nftOrders.id })
    .from(nftOrders)
    .where(
      and(eq(nftOrders.artworkId, artworkId), eq(nftOrders.buyerId, userId), eq(nftOrders.status, 'awaiting_payment')),
    );
  return row?.id ?? null;
}

export async function artists(db: Reader, keyword: string | undefined, p: PageRequest) {
  const cond = keyword ? ilike(nftArtists.name, likeOf(keyword)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(nftArtists).where(cond).orderBy(asc(nftArtists.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(nftArtists).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function artistById(db: Reader, id: number) {
  const [row] = await db.select().from(nftArtists).where(eq(nftArtists.id, id));
  return row ?? null;
}

export async function collections(db: Reader, artistId: number | undefined, p: PageRequest) {
  const cond = artistId ? eq(nftCollections.artistId, artistId) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(nftCollections).where(cond).orderBy(asc(nftCollections.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(nftCollections).where(cond),
  ]);
  const makers = await db
    .select()
    .from(nftArtists)
    .where(inArray(nftArtists.id, [...new Set([0, ...rows.map((r) => r.artistId)])]));
  return { rows, total: total?.n ?? 0, artists: new Map(makers.map((a) => [a.id, a])) };
}
