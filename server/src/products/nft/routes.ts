import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import * as contract from '@contract/nft';
import type { Db } from '../../db/client';
import type { NftArtworkRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { inTransaction, toWire, type Tx } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { CATALOG } from '../../market/catalog';
import { authenticate } from '../../plugins/auth';
import { bindEndpoint, signedIn, type HandlerContext } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import * as catalog from './catalog';
import { proofOf } from './commitment';
import { openBox, readMessages, resell, toggleCollect } from './owner';
import { bid, buy, nameOfCurrency, payMargin, payOrder } from './sales';
import { artistView, artworkView, collectionView, contentOf, messageView, oddsOf, orderView } from './views';
import { BUILT_MEDIA_DIR, MediaFiles, mediaDirOf } from './media-files';
import { mediaRoute } from './media-route';

/** The caller's user id on a public endpoint when they sent a valid session, else null. */
async function viewerId(h: HandlerContext): Promise<number | null> {
  if (!h.req.headers.authorization) return null;
  try {
    return (await authenticate(h.req, h.ctx)).user.id;
  } catch {
    return null;
  }
}

/** Other bidders are shown by a masked id, never a name or an address. */
const mask = (userId: number) => `***${String(userId).slice(-2).padStart(2, '0')}`;

/** Artworks as the viewer sees them (liked, owned, bid on), at the app's clock. */
function artworkViews(ctx: AppContext) {
  const views = async (db: Db | Tx, rows: NftArtworkRow[], userId: number | null) => {
    const parts = await catalog.partsOf(db, rows);
    const viewer = await catalog.viewerOf(db, userId, parts);
    const now = ctx.now();
    return parts.map((p) => artworkView(p, viewer, now));
  };
  const one = async (db: Db | Tx, id: number, userId: number | null) => {
    const row = await catalog.artworkById(db, id);
    if (!row) throw new AppError('nft_not_found', { field: 'id' });
    return (await views(db, [row], userId))[0]!;
  };
  return { views, one };
}

export async function nftRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  mediaRoute(app, new MediaFiles([mediaDirOf(ctx.config.dataDir), BUILT_MEDIA_DIR]));

  const artworks = artworkViews(ctx);
  const { views } = artworks;

  bindEndpoint(app, contract.getBoxList, async (input, h) => {
    const { rows, total } = await catalog.artworksForSale(ctx.db, input, input);
    return paged(await views(ctx.db, rows, await viewerId(h)), total, input);
  });

  bindEndpoint(app, contract.getBoxDetail, async (input, h) => {
    const row = await catalog.artworkById(ctx.db, input.id);
    if (!row) throw new AppError('nft_not_found', { field: 'id' });
    const userId = await viewerId(h);
    const [p] = await catalog.partsOf(ctx.db, [row]);
    const view = artworkView(p!, await catalog.viewerOf(ctx.db, userId, [p!]), ctx.now());
    const counts = await catalog.workCounts(ctx.db);
    const box = p!.box;
    return {
      ...view,
      artist: artistView(p!.artist, counts.artist.get(p!.artist.id) ?? 0, h.lang),
      odds: row.type === 'blind_box' ? oddsOf(p!.collection) : [],
      proof: box?.openedAt ? proofOf(row.code, contentOf(box), box.salt, box.commitment) : null,
      need_pay_order_id: userId === null ? null : await catalog.awaitingOrderId(ctx.db, userId, row.id),
    };
  });

  bindEndpoint(app, contract.getArtist, async (input, h) => {
    const [{ rows, total }, counts] = await Promise.all([
      catalog.artists(ctx.db, input.keyword || undefined, input),
      catalog.workCounts(ctx.db),
    ]);
    return paged(
      rows.map((a) => artistView(a, counts.artist.get(a.id) ?? 0, h.lang)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.getArtistDetail, async (input, h) => {
    const artist = await catalog.artistById(ctx.db, input.uid);
    if (!artist) throw new AppError('record_not_found', { field: 'uid' });
    const [counts, cols, works] = await Promise.all([
      catalog.workCounts(ctx.db),
      catalog.collections(ctx.db, artist.id, { page: 1, limit: 100 }),
      catalog.artworksOfArtist(ctx.db, artist.id, input),
    ]);
    return {
      artist: artistView(artist, counts.artist.get(artist.id) ?? 0, h.lang),
      collections: cols.rows.map((c) => collectionView(c, artist, counts.collection.get(c.id) ?? 0, h.lang)),
      works: paged(await views(ctx.db, works.rows, await viewerId(h)), works.total, input),
    };
  });

  bindEndpoint(app, contract.collect, async (input, h) => {
    const userId = signedIn(h).user.id;
    return inTransaction(ctx.db, (tx) => toggleCollect(tx, userId, input.code, ctx.now()));
  });

  bindEndpoint(app, contract.getNftCurrency, () =>
    CATALOG.currencies.filter((c) => c.id === 2 || c.id === 3).map((c) => ({ id: c.id, name: c.name })),
  );

  bindEndpoint(app, contract.getCollection, async (input, h) => {
    const [{ rows, total, artists }, counts] = await Promise.all([
      catalog.collections(ctx.db, input.uid, input),
      catalog.workCounts(ctx.db),
    ]);
    return paged(
      rows.map((c) => collectionView(c, artists.get(c.artistId)!, counts.collection.get(c.id) ?? 0, h.lang)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.getMyCollect, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total } = await catalog.collectedBy(ctx.db, userId, input);
    return paged(await views(ctx.db, rows, userId), total, input);
  });

  nftTradeRoutes(app, artworks);
}

/** Buying, bidding, blind boxes, resale, orders and messages. */
function nftTradeRoutes(app: FastifyInstance, { views, one }: ReturnType<typeof artworkViews>): void {
  const { ctx } = app;

  bindEndpoint(app, contract.buyNFT, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    return runOnce(input, async (tx, now) => {
      const order = await buy(tx, { userId, artworkId: input.id, now });
      return orderView(order, (await catalog.artworkById(tx, order.artworkId))!);
    });
  });

  bindEndpoint(app, contract.marginNFT, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    return runOnce(input, async (tx, now) => {
      await payMargin(tx, { userId, artworkId: input.code, now });
      return one(tx, input.code, userId);
    });
  });

  bindEndpoint(app, contract.auctionNFT, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    return runOnce(input, async (tx, now) => {
      await bid(tx, { userId, artworkId: input.code, price: input.price, now });
      return one(tx, input.code, userId);
    });
  });

  const bidViews = (rows: Awaited<ReturnType<typeof catalog.bidsOf>>['rows'], userId: number | null) =>
    rows.map(({ bid: b, sale, artwork }) => ({
      id: b.id,
      sale_id: b.saleId,
      artwork_id: artwork.id,
      code: artwork.code,
      name: artwork.name,
      bidder: mask(b.userId),
      mine: userId === b.userId,
      price: toWire(b.price),
      currency_name: nameOfCurrency(sale.currencyId),
      // Bids only go up, so the highest is the one at the sale's top price.
      leading: sale.topBid !== null && toWire(sale.topBid) === toWire(b.price),
      ended: sale.status !== 'open',
      created_at: b.createdAt.getTime(),
    }));

  bindEndpoint(app, contract.getBindBoxQuotationLog, async (input, h) => {
    const row = await catalog.artworkById(ctx.db, input.code);
    if (!row) throw new AppError('nft_not_found', { field: 'code' });
    if (row.saleId === null) return paged([], 0, input);
    const { rows, total } = await catalog.bidsOf(ctx.db, { saleId: row.saleId }, input);
    return paged(bidViews(rows, await viewerId(h)), total, input);
  });

  bindEndpoint(app, contract.getMyNFTs, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total } = await catalog.ownedBy(ctx.db, userId, input.type, input);
    return paged(await views(ctx.db, rows, userId), total, input);
  });

  bindEndpoint(app, contract.getMyBindBoxQuotationLog, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total } = await catalog.bidsOf(ctx.db, { userId }, input);
    return paged(bidViews(rows, userId), total, input);
  });

  bindEndpoint(app, contract.openBlindBox, async (input, h) => {
    const userId = signedIn(h).user.id;
    return inTransaction(ctx.db, async (tx) => {
      const box = await openBox(tx, { userId, artworkId: input.id, now: ctx.now() });
      const artwork = await one(tx, input.id, userId);
      return { artwork, proof: proofOf(artwork.code, contentOf(box), box.salt, box.commitment) };
    });
  });

  bindEndpoint(app, contract.resellNFT, async (input, h) => {
    const userId = signedIn(h).user.id;
    return inTransaction(ctx.db, async (tx) => {
      await resell(tx, {
        userId,
        artworkId: input.id,
        payType: input.pay_type,
        price: toWire(input.price),
        perIncrease: toWire(input.per_increase),
        margin: input.margin === undefined ? undefined : toWire(input.margin),
        start: input.start_time,
        end: input.end_time,
        now: ctx.now(),
      });
      return one(tx, input.id, userId);
    });
  });

  nftOrderRoutes(app);
}

/** The user's NFT orders to pay and paid, and their messages. */
function nftOrderRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  bindEndpoint(app, contract.getNeedPayNFTOrder, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total } = await catalog.ordersOf(ctx.db, userId, true, input);
    return paged(
      rows.map((r) => orderView(r.order, r.artwork)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.getMyNFTOrders, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total } = await catalog.ordersOf(ctx.db, userId, false, input);
    return paged(
      rows.map((r) => orderView(r.order, r.artwork)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.payNFTOrder, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    return runOnce(input, async (tx, now) => {
      const order = await payOrder(tx, { userId, orderId: input.id, now });
      return orderView(order, (await catalog.artworkById(tx, order.artworkId))!);
    });
  });

  bindEndpoint(app, contract.getNFTMessages, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total, unread } = await catalog.messagesOf(ctx.db, userId, input);
    return {
      ...paged(
        rows.map((r) => messageView(r.message, r.artwork)),
        total,
        input,
      ),
      unread,
    };
  });

  bindEndpoint(app, contract.readNFTOrderMessage, async (input, h) => {
    const userId = signedIn(h).user.id;
    await inTransaction(ctx.db, (tx) => readMessages(tx, userId, input.id, ctx.now()));
    const [unread] = await catalog.unreadCount(ctx.db, userId);
    return { unread };
  });
}
