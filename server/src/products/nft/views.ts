import type {
  BlindBoxContent,
  NftArtist,
  NftArtwork,
  NftCollection,
  NftMessage,
  NftOrder,
  NftRarity,
} from '@contract/nft';
import type {
  NftArtistRow,
  NftArtworkRow,
  NftBoxRow,
  NftCollectionRow,
  NftMessageRow,
  NftOrderRow,
  NftSaleRow,
} from '../../db/schema/index';
import { toWire } from '../../ledger/index';
import { minBid, timing } from './rules';
import { nameOfCurrency } from './sales';
import type { Locale } from '@contract/domain/locales';
import { textIn } from '../../lib/localized';

/** Rows to the contract's shapes. */

export interface Viewer {
  userId: number | null;
  collected: Set<number>;
  /** Sale ids the viewer holds a margin on. */
  margins: Set<number>;
}

export const anonymous: Viewer = { userId: null, collected: new Set(), margins: new Set() };

export interface ArtworkParts {
  artwork: NftArtworkRow;
  sale: NftSaleRow | null;
  artist: NftArtistRow;
  collection: NftCollectionRow;
  box: NftBoxRow | null;
}

const w = (v: string | null) => (v === null ? null : toWire(v));
const sold = (s: NftSaleRow) => s.status === 'sold' || s.status === 'awaiting_payment' || s.status === 'paid';

export function artworkView(p: ArtworkParts, viewer: Viewer, now: Date): NftArtwork {
  const { artwork: a, sale, box } = p;
  const opened = box?.openedAt != null;
  const sealed = a.type === 'blind_box' && !opened;
  const t = sale ? timing(sale.startAt, sale.endAt, sold(sale), now) : null;
  const open = sale?.status === 'open';
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    description: a.description,
    type: a.type,
    rarity: sealed ? null : a.rarity,
    image: a.image,
    media: a.media,
    currency_id: a.currencyId,
    currency_name: nameOfCurrency(a.currencyId),
    author_name: p.artist.name,
    artist_uid: p.artist.id,
    collection_id: p.collection.id,
    collection_name: p.collection.name,
    listing_state: a.listingState,
    mine: viewer.userId !== null && a.ownerId === viewer.userId,
    collected: viewer.collected.has(a.id),
    collect_count: a.collectCount,
    sale_id: sale?.id ?? null,
    pay_type: sale?.payType ?? null,
    price: sale ? toWire(sale.price) : null,
    per_increase: sale ? toWire(sale.perIncrease) : null,
    margin: sale ? toWire(sale.margin) : null,
    start_time: sale?.startAt.getTime() ?? null,
    end_time: sale?.endAt.getTime() ?? null,
    status: t?.status ?? null,
    buy_status: t?.buy_status ?? null,
    current_price: sale ? w(sale.topBid) : null,
    bid_count: sale?.bidCount ?? 0,
    min_bid: sale && open && sale.payType === 2 ? toWire(minBid(sale)) : null,
    margin_paid: sale !== null && viewer.margins.has(sale.id),
    commitment: box?.commitment ?? null,
    opened,
  };
}

/** An artist, its introduction in `lang` (English when it has none in that language). */
export const artistView = (a: NftArtistRow, works: number, lang: Locale): NftArtist => ({
  uid: a.id,
  name: a.name,
  avatar: a.avatar,
  homepage: a.homepage,
  intro: textIn(a.texts, lang, 'intro', a.intro),
  works,
});

/** A collection, its description in `lang` (English when it has none in that language). */
export const collectionView = (
  c: NftCollectionRow,
  artist: NftArtistRow,
  works: number,
  lang: Locale,
): NftCollection => ({
  id: c.id,
  name: c.name,
  description: textIn(c.texts, lang, 'description', c.description),
  cover: c.cover,
  artist_uid: artist.id,
  artist_name: artist.name,
  works,
});

export function oddsOf(c: NftCollectionRow): { rarity: NftRarity; probability: string }[] {
  return c.odds ? (JSON.parse(c.odds) as { rarity: NftRarity; probability: string }[]) : [];
}

export const contentOf = (box: NftBoxRow): BlindBoxContent => JSON.parse(box.content) as BlindBoxContent;

export const orderView = (o: NftOrderRow, a: NftArtworkRow): NftOrder => ({
  id: o.id,
  sale_id: o.saleId,
  artwork_id: o.artworkId,
  code: a.code,
  name: a.name,
  image: a.image,
  pay_type: o.payType,
  price: toWire(o.price),
  margin: toWire(o.margin),
  amount_due: toWire(o.amountDue),
  currency_name: nameOfCurrency(o.currencyId),
  state: o.status,
  due_at: o.dueAt?.getTime() ?? null,
  paid_at: o.paidAt?.getTime() ?? null,
  created_at: o.createdAt.getTime(),
});

export const messageView = (m: NftMessageRow, a: NftArtworkRow): NftMessage => ({
  id: m.id,
  kind: m.kind,
  artwork_id: m.artworkId,
  code: a.code,
  name: a.name,
  order_id: m.orderId,
  price: w(m.price),
  currency_name: nameOfCurrency(a.currencyId),
  read: m.readAt !== null,
  created_at: m.createdAt.getTime(),
});
