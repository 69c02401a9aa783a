import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/nft';
import type { AdminArtwork, AdminListing } from '@contract/nft';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import {
  nftArtists,
  nftArtworks,
  nftCollections,
  nftSales,
  users,
  type NftArtworkRow,
  type NftSaleRow,
} from '../../db/schema/index';
import { AppError } from '../../errors';
import { inTransaction, toWire, type Tx } from '../../ledger/index';
import { offsetOf, paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import * as catalog from './catalog';
import { lockSaleAndArtwork, nameOfCurrency } from './sales';
import { mediaPath } from './media';
import { BUILT_MEDIA_DIR, mediaDirOf, refOf, renderMissing, type MediaRef } from './media-files';
import { createArtist, createArtwork, mediaFor } from './seed';
import { artistView } from './views';
import { audit } from '../../audit/index';

/** Currencies an artwork may be sold in (`/bind_box/getNftCurrency`). */
const NFT_CURRENCIES = new Set([2, 3]);
const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const newSeed = () => randomInt(1, 1_000_000);

/**
 * Renders the media at `urls` in the staff request that adds them, before the rows refer to them
 * (about 150 ms for a video), so no visitor's request ever renders anything.
 */
async function renderMedia(ctx: FastifyInstance['ctx'], urls: string[]): Promise<void> {
  const dir = mediaDirOf(ctx.config.dataDir);
  const refs = urls.map(refOf).filter((r): r is MediaRef => r !== null);
  await renderMissing(dir, refs, [dir, BUILT_MEDIA_DIR]);
}

async function adminArtworkViews(db: Db | Tx, rows: NftArtworkRow[]): Promise<AdminArtwork[]> {
  if (rows.length === 0) return [];
  const ids = (xs: (number | null)[]) => [...new Set([0, ...xs.filter((x): x is number => x !== null)])];
  const [artists, collections, sales, owners] = await readTogether(db, [
    db
      .select()
      .from(nftArtists)
      .where(inArray(nftArtists.id, ids(rows.map((r) => r.artistId)))),
    db
      .select()
      .from(nftCollections)
      .where(inArray(nftCollections.id, ids(rows.map((r) => r.collectionId)))),
    db
      .select()
      .from(nftSales)
      .where(inArray(nftSales.id, ids(rows.map((r) => r.saleId)))),
    db
      .select({ id: users.id, account: users.accountNumber })
      .from(users)
      .where(inArray(users.id, ids(rows.map((r) => r.ownerId)))),
  ]);
  const byId = <T extends { id: number }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  const [a, c, s, o] = [byId(artists), byId(collections), byId(sales), byId(owners)];
  return rows.map((r) => {
    const sale = r.saleId === null ? undefined : s.get(r.saleId);
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      description: r.description,
      type: r.type,
      rarity: r.rarity,
      image: r.image,
      artist_uid: r.artistId,
      artist_name: a.get(r.artistId)?.name ?? '',
      collection_id: r.collectionId,
      collection_name: c.get(r.collectionId)?.name ?? '',
      owner_account: r.ownerId === null ? null : (o.get(r.ownerId)?.account ?? ''),
      listing_state: r.listingState,
      sale_id: sale?.id ?? null,
      pay_type: sale?.payType ?? null,
      price: sale ? toWire(sale.price) : null,
      currency_name: nameOfCurrency(r.currencyId),
      sale_status: sale?.status ?? null,
      end_time: ms(sale?.endAt),
    };
  });
}

function listingView(sale: NftSaleRow, artwork: NftArtworkRow, sellerAccount: string): AdminListing {
  return {
    sale_id: sale.id,
    artwork_id: artwork.id,
    artwork_name: artwork.name,
    image: artwork.image,
    seller_id: sale.sellerId ?? 0,
    seller_account: sellerAccount,
    pay_type: sale.payType,
    price: toWire(sale.price),
    currency_name: nameOfCurrency(sale.currencyId),
    start_time: sale.startAt.getTime(),
    end_time: sale.endAt.getTime(),
    bid_count: sale.bidCount,
  };
}

/**
 * The NFT catalogue in the back office: artists, catalogue artworks with their first sale, text
 * edits, and users' resales (which go live when listed, so staff review them here and may take one
 * down while nobody has bid). Every change is audited in its own transaction.
 */
export async function nftAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  bindEndpoint(app, contract.adminNftArtists, async (input) => {
    const [rows, [total], counts] = await Promise.all([
      ctx.db.select().from(nftArtists).orderBy(desc(nftArtists.id)).limit(input.limit).offset(offsetOf(input)),
      ctx.db.select({ n: count() }).from(nftArtists),
      catalog.workCounts(ctx.db),
    ]);
    return paged(
      rows.map((a) => artistView(a, counts.artist.get(a.id) ?? 0, 'en')),
      total?.n ?? 0,
      input,
    );
  });

  bindEndpoint(app, contract.adminNftArtistSave, async (input, h) => {
    const admin = signedIn(h).user;
    const now = ctx.now();
    const avatarSeed = newSeed();
    if (input.id === undefined) await renderMedia(ctx, [mediaPath('avatar', avatarSeed)]);
    const saved = await inTransaction(ctx.db, async (tx) => {
      if (input.id === undefined) {
        const slug = `a${randomBytes(8).toString('hex')}`;
        const row = await createArtist(tx, slug, input.name, input.intro, avatarSeed, now);
        const [after] = await tx
          .update(nftArtists)
          .set({ homepage: input.homepage })
          .where(eq(nftArtists.id, row.id))
          .returning();
        await audit(tx, {
          adminId: admin.id,
          action: 'nft_artist.create',
          entity: 'nft_artist',
          entityId: row.id,
          before: null,
          after,
          at: now,
        });
        return after!;
      }
      const [before] = await tx.select().from(nftArtists).where(eq(nftArtists.id, input.id)).for('update');
      if (!before) throw new AppError('record_not_found', { field: 'id' });
      const [after] = await tx
        .update(nftArtists)
        // A rewritten introduction's translations would say something else: they are dropped.
        .set({
          name: input.name,
          intro: input.intro,
          homepage: input.homepage,
          ...(before.intro !== input.intro ? { texts: {} } : {}),
        })
        .where(eq(nftArtists.id, before.id))
        .returning();
      await audit(tx, {
        adminId: admin.id,
        action: 'nft_artist.update',
        entity: 'nft_artist',
        entityId: before.id,
        before,
        after,
        at: now,
      });
      return after!;
    });
    const counts = await catalog.workCounts(ctx.db);
    // The console edits the English text, the one every language falls back to.
    return artistView(saved, counts.artist.get(saved.id) ?? 0, 'en');
  });

  artworkAdminRoutes(app);
  listingAdminRoutes(app);
}

/** The console's listings: what is on sale, and taking a listing down. */
function listingAdminRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  bindEndpoint(app, contract.adminNftListings, async (input) => {
    const open = and(isNotNull(nftSales.sellerId), eq(nftSales.status, 'open'));
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ sale: nftSales, artwork: nftArtworks, seller: users.accountNumber })
        .from(nftSales)
        .innerJoin(nftArtworks, eq(nftArtworks.id, nftSales.artworkId))
        .innerJoin(users, eq(users.id, nftSales.sellerId))
        .where(open)
        .orderBy(asc(nftSales.endAt), asc(nftSales.id))
        .limit(input.limit)
        .offset(offsetOf(input)),
      ctx.db.select({ n: count() }).from(nftSales).where(open),
    ]);
    return paged(
      rows.map((r) => listingView(r.sale, r.artwork, r.seller)),
      total?.n ?? 0,
      input,
    );
  });

  bindEndpoint(app, contract.adminNftDelist, async (input, h) => {
    const admin = signedIn(h).user;
    const now = ctx.now();
    return inTransaction(ctx.db, async (tx) => {
      const [seen] = await tx.select().from(nftSales).where(eq(nftSales.id, input.sale_id));
      if (!seen || seen.sellerId === null) throw new AppError('record_not_found', { field: 'sale_id' });
      const { artwork, sale } = await lockSaleAndArtwork(tx, seen.artworkId);
      // Only the artwork's current, still open resale: an ended or replaced one is not listed.
      if (!sale || sale.id !== seen.id || sale.status !== 'open') {
        throw new AppError('nft_not_on_sale', { field: 'sale_id' });
      }
      if (sale.bidCount > 0) throw new AppError('nft_listing_has_bids', { field: 'sale_id' });
      const [ended] = await tx
        .update(nftSales)
        .set({ status: 'unsold', endedAt: now })
        .where(and(eq(nftSales.id, sale.id), eq(nftSales.status, 'open')))
        .returning();
      await tx.update(nftArtworks).set({ listingState: 'normal' }).where(eq(nftArtworks.id, artwork.id));
      const [seller] = await tx
        .select({ account: users.accountNumber })
        .from(users)
        .where(eq(users.id, sale.sellerId!));
      await audit(tx, {
        adminId: admin.id,
        action: 'nft_listing.delist',
        entity: 'nft_sale',
        entityId: sale.id,
        reason: input.reason,
        before: { status: sale.status, listing_state: artwork.listingState },
        after: { status: ended!.status, listing_state: 'normal' },
        at: now,
      });
      return listingView(ended!, artwork, seller?.account ?? '');
    });
  });
}

/** The console's artworks: the catalogue, creating and editing an artwork. */
function artworkAdminRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  bindEndpoint(app, contract.adminNftArtworks, async (input) => {
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(nftArtworks).orderBy(desc(nftArtworks.id)).limit(input.limit).offset(offsetOf(input)),
      ctx.db.select({ n: count() }).from(nftArtworks),
    ]);
    return paged(await adminArtworkViews(ctx.db, rows), total?.n ?? 0, input);
  });

  bindEndpoint(app, contract.adminNftArtworkCreate, async (input, h) => {
    const admin = signedIn(h).user;
    const now = ctx.now();
    if (!NFT_CURRENCIES.has(input.currency_id)) throw new AppError('currency_unsupported', { field: 'currency_id' });
    if (input.end_time <= now.getTime()) throw new AppError('field_invalid', { field: 'end_time' });
    const [collection] = await ctx.db.select().from(nftCollections).where(eq(nftCollections.id, input.collection_id));
    // Blind box series publish odds and sell sealed boxes only; they are not made here.
    if (!collection || collection.odds !== null) throw new AppError('record_not_found', { field: 'collection_id' });
    const auction = input.pay_type === 2;
    const seed = newSeed();
    const look = mediaFor(input.type, seed);
    await renderMedia(ctx, [look.media, look.image]);
    const created = await inTransaction(ctx.db, async (tx) => {
      const artwork = await createArtwork(
        tx,
        {
          name: input.name,
          description: input.description,
          type: input.type,
          rarity: input.rarity,
          seed,
          currencyId: input.currency_id,
          artistId: collection.artistId,
          collectionId: collection.id,
        },
        {
          payType: input.pay_type as 1 | 2,
          price: toWire(input.price),
          perIncrease: auction ? toWire(input.per_increase ?? '0') : '0',
          margin: auction ? toWire(input.margin!) : '0',
          start: new Date(Math.max(input.start_time, now.getTime())),
          end: new Date(input.end_time),
        },
        now,
      );
      const [view] = await adminArtworkViews(tx, [artwork]);
      await audit(tx, {
        adminId: admin.id,
        action: 'nft_artwork.create',
        entity: 'nft_artwork',
        entityId: artwork.id,
        before: null,
        after: view,
        at: now,
      });
      return view!;
    });
    return created;
  });

  bindEndpoint(app, contract.adminNftArtworkEdit, async (input, h) => {
    const admin = signedIn(h).user;
    const now = ctx.now();
    return inTransaction(ctx.db, async (tx) => {
      const [before] = await tx.select().from(nftArtworks).where(eq(nftArtworks.id, input.id)).for('update');
      if (!before) throw new AppError('nft_not_found', { field: 'id' });
      const [after] = await tx
        .update(nftArtworks)
        .set({ name: input.name, description: input.description })
        .where(eq(nftArtworks.id, before.id))
        .returning();
      await audit(tx, {
        adminId: admin.id,
        action: 'nft_artwork.update',
        entity: 'nft_artwork',
        entityId: before.id,
        before: { name: before.name, description: before.description },
        after: { name: after!.name, description: after!.description },
        at: now,
      });
      const [view] = await adminArtworkViews(tx, [after!]);
      return view!;
    });
  });
}
