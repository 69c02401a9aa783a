import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, choice, decimal as wireDecimal, epochMs, id, limit, page, text } from './domain/wire';

/**
 * The NFT marketplace (SPEC.md "nft/*" routes, `/bind_box/...` calls).
 *
 * - An artwork is one unique item: type image, gif, audio, video or blind box, rarity N/R/SR, made
 *   by an artist (with a homepage) and part of a collection. The platform owns the catalogue's
 *   artworks until they are sold; a buyer owns theirs and may resell it.
 * - Money is in the artwork's currency (`getNftCurrency`) and moves in the buyer's **change**
 *   (exchange) account through the ledger: prices, margins and payments are held, then posted.
 * - Sale modes (`pay_type`): 1 fixed price (the first buyer gets it), 2 auction, 3 blind box
 *   (fixed price; the content is sealed until the owner opens it).
 * - Buy status (`buy_status`, SPEC.md section 4): 2 before the start; between start and end 0 while
 *   unsold, 1 once sold (or won); 0 after the end.
 * - Auctions: every auction has a margin above 0, and the first bid of a user on a sale holds
 *   it (`marginNFT` holds it ahead): a bidder who cannot cover it is refused. The first bid must
 *   be at least the starting price and every later one must exceed the current bid by at least
 *   `per_increase`. A bid in the last 5 minutes moves the end 5 minutes
 *   later. At the end the losers' margins are released and the winner has 24 hours to pay the
 *   price less the margin (`payNFTOrder`); the margin is then part of the payment. A winner who
 *   does not pay forfeits the margin to the house and the artwork stays with its owner.
 * - Blind boxes: each box's content is fixed when the box is created and committed by
 *   `commitment` = hex sha256 of the UTF-8 text `canonical` (see `blindBoxProofSchema`), published
 *   with the box before the sale; the series' rarity odds are published too. Opening reveals the
 *   content with the salt and the exact text that was hashed, so anyone can recompute the hash.
 * - Resale: the owner lists an artwork with a price, per-bid increase, start and end (end after
 *   start). Listing states: `normal` (in the catalogue or owned and not listed), `reselling`
 *   (listed by its owner), `relisted` (a resale that ended without a paid buyer; the owner may list
 *   it again).
 *
 * Amounts are decimal strings, times epoch ms. Every money move takes an Idempotency-Key.
 */

const decimal = wireDecimal();

export const NFT_TYPES = ['image', 'gif', 'audio', 'video', 'blind_box'] as const;
export type NftType = (typeof NFT_TYPES)[number];
export const NFT_RARITIES = ['N', 'R', 'SR'] as const;
export type NftRarity = (typeof NFT_RARITIES)[number];
/** 1 fixed price, 2 auction, 3 blind box (fixed price). */
export const PAY_TYPES = [1, 2, 3] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const LISTING_STATES = ['normal', 'reselling', 'relisted'] as const;
export type ListingState = (typeof LISTING_STATES)[number];
/** Sale states: not started, started, ended (SPEC.md section 4). */
export const SALE_STATES = ['not_started', 'started', 'ended'] as const;
export type SaleState = (typeof SALE_STATES)[number];
/** Won auctions: awaiting payment for a day, then paid or expired. Fixed-price buys are paid at once. */
export const ORDER_STATES = ['awaiting_payment', 'paid', 'expired'] as const;
export type NftOrderState = (typeof ORDER_STATES)[number];
/** What a message tells its user. */
export const MESSAGE_KINDS = [
  'outbid',
  'ending_soon',
  'won',
  'payment_due',
  'payment_expired',
  'paid',
  'sold',
  /** Receipts of the user's own actions: a purchase at a fixed price, a bid, a blind box opened. */
  'bought',
  'bid',
  'opened',
] as const;
export type NftMessageKind = (typeof MESSAGE_KINDS)[number];

/** Auction timing (SPEC.md sections 4 and 9). */
export const AUCTION_EXTENSION_WINDOW_MS = 5 * 60_000;
export const AUCTION_EXTENSION_MS = 5 * 60_000;
export const AUCTION_ENDING_NOTICE_MS = 10 * 60_000;
export const PAYMENT_WINDOW_MS = 24 * 3_600_000;
export const PAYMENT_DUE_NOTICE_MS = 3_600_000;

/** The buy status of SPEC.md section 4 for a sale at `now`. */
export function buyStatus(now: number, start: number, end: number, sold: boolean): 0 | 1 | 2 {
  if (now < start) return 2;
  if (now >= end) return 0;
  return sold ? 1 : 0;
}

export function saleState(now: number, start: number, end: number): SaleState {
  if (now < start) return 'not_started';
  return now >= end ? 'ended' : 'started';
}

export const artistSchema = z.object({
  /** The artist's id (SPEC.md `uid`). */
  uid: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  homepage: z.string(),
  intro: z.string(),
  works: z.number().int(),
});
export type NftArtist = z.infer<typeof artistSchema>;

export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  artist_uid: z.number().int(),
  artist_name: z.string(),
  works: z.number().int(),
});
export type NftCollection = z.infer<typeof collectionSchema>;

export const rarityOddsSchema = z.object({ rarity: z.enum(NFT_RARITIES), probability: decimal });

export const artworkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(NFT_TYPES),
  /** Null for a sealed blind box: its content's rarity is revealed when it is opened. */
  rarity: z.enum(NFT_RARITIES).nullable(),
  /** Poster image (for audio and video, a still; for a sealed blind box, the box). */
  image: z.string(),
  /** The media itself (image, GIF, WAV audio or video); for a sealed blind box, the box image. */
  media: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  author_name: z.string(),
  artist_uid: z.number().int(),
  collection_id: z.number().int(),
  collection_name: z.string(),
  listing_state: z.enum(LISTING_STATES),
  /** Whether the signed-in caller owns it (false when anonymous). */
  mine: z.boolean(),
  collected: z.boolean(),
  collect_count: z.number().int(),
  /** The current or last sale; null when the artwork is not for sale. */
  sale_id: z.number().int().nullable(),
  pay_type: z.number().int().nullable(),
  price: decimal.nullable(),
  per_increase: decimal.nullable(),
  margin: decimal.nullable(),
  start_time: z.number().int().nullable(),
  /** Auctions: moves later with bids in the last 5 minutes. */
  end_time: z.number().int().nullable(),
  status: z.enum(SALE_STATES).nullable(),
  buy_status: z.number().int().nullable(),
  /** Auctions: the highest bid (null before the first) and the number of bids. */
  current_price: decimal.nullable(),
  bid_count: z.number().int(),
  /** The least the next bid may be. */
  min_bid: decimal.nullable(),
  /** Whether the caller holds this sale's margin. */
  margin_paid: z.boolean(),
  /** Blind boxes: the published commitment, whether opened. */
  commitment: z.string().nullable(),
  opened: z.boolean(),
});
export type NftArtwork = z.infer<typeof artworkSchema>;

/** What a blind box contains: fixed before the sale. */
export const blindBoxContentSchema = z.object({
  name: z.string(),
  type: z.enum(['image', 'gif', 'audio', 'video']),
  rarity: z.enum(NFT_RARITIES),
  media: z.string(),
  image: z.string(),
});
export type BlindBoxContent = z.infer<typeof blindBoxContentSchema>;

/**
 * The proof of a blind box: `canonical` is `JSON.stringify({box, content, salt})` with the keys of
 * every object in alphabetical order and no white space (`box` the box's code, `salt` 32 random
 * bytes in hex); `commitment` is hex sha256 of its UTF-8 bytes. The box's detail showed
 * `commitment` before the sale; `canonicalBoxText` rebuilds `canonical` from the parts.
 */
export const blindBoxProofSchema = z.object({
  box: z.string(),
  content: blindBoxContentSchema,
  salt: z.string(),
  canonical: z.string(),
  commitment: z.string(),
});
export type BlindBoxProof = z.infer<typeof blindBoxProofSchema>;

const sortKeys = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
};

/** The text a blind box's commitment hashes (see `blindBoxProofSchema`). */
export const canonicalBoxText = (box: string, content: BlindBoxContent, salt: string): string =>
  JSON.stringify(sortKeys({ box, content, salt }));

export const artworkDetailSchema = artworkSchema.extend({
  artist: artistSchema,
  /** Blind boxes: the series' published rarity odds (empty for other types). */
  odds: z.array(rarityOddsSchema),
  /** An opened box's content and proof (only once opened). */
  proof: blindBoxProofSchema.nullable(),
  /** The caller's order on this artwork awaiting payment, if any. */
  need_pay_order_id: z.number().int().nullable(),
});
export type NftArtworkDetail = z.infer<typeof artworkDetailSchema>;

export const bidSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  artwork_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Another bidder is shown by a masked name; the caller's own bids say `mine`. */
  bidder: z.string(),
  mine: z.boolean(),
  price: decimal,
  currency_name: z.string(),
  /** Whether this bid is the sale's highest. */
  leading: z.boolean(),
  /** The sale's end was processed: its result is in the settlement record (`nft_auction:<sale_id>`). */
  ended: z.boolean(),
  created_at: z.number().int(),
});
export type NftBid = z.infer<typeof bidSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  /** The sale it came from; a won auction's end is in the settlement record as `nft_auction:<sale_id>`. */
  sale_id: z.number().int(),
  artwork_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  image: z.string(),
  pay_type: z.number().int(),
  price: decimal,
  /** The margin already held, counted toward the price. */
  margin: decimal,
  /** What is left to pay: price less margin. */
  amount_due: decimal,
  currency_name: z.string(),
  state: z.enum(ORDER_STATES),
  /** Won auctions: the end of the 24 hours to pay. */
  due_at: z.number().int().nullable(),
  paid_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type NftOrder = z.infer<typeof orderSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  artwork_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  order_id: z.number().int().nullable(),
  /** The price the message is about (the new highest bid, the won price, the due amount). */
  price: decimal.nullable(),
  /** The currency of `price` (the artwork's). */
  currency_name: z.string(),
  read: z.boolean(),
  created_at: z.number().int(),
});
export type NftMessage = z.infer<typeof messageSchema>;

const filters = {
  page: page(),
  limit: limit(),
  type: z.enum(NFT_TYPES, { error: 'field_invalid' }).optional(),
  pay_type: choice([1, 2, 3] as const).optional(),
  rarity: z.enum(NFT_RARITIES, { error: 'field_invalid' }).optional(),
  uid: id().optional(),
  collection_id: id().optional(),
  keyword: text({ max: 64 }).optional(),
};

/** Artworks on sale (and upcoming), filterable; newest sale first. */
export const getBoxList = endpoint({
  method: 'GET',
  path: '/bind_box/getBoxList',
  auth: false,
  summary: 'NFT artworks for sale: filter by type, sale mode, rarity, artist, collection, keyword',
  tags: ['nft'],
  request: z.object(filters),
  response: pagedSchema(artworkSchema),
});

export const getBoxDetail = endpoint({
  method: 'GET',
  path: '/bind_box/getBoxDetail',
  auth: false,
  summary: 'One NFT artwork: sale, current bid, blind box commitment and odds, artist',
  tags: ['nft'],
  request: z.object({ id: id('field_required') }),
  response: artworkDetailSchema,
});

export const getArtist = endpoint({
  method: 'GET',
  path: '/bind_box/getArtist',
  auth: false,
  summary: 'NFT artists',
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit(), keyword: text({ max: 64 }).optional() }),
  response: pagedSchema(artistSchema),
});

export const getArtistDetail = endpoint({
  method: 'GET',
  path: '/bind_box/getArtistDetail',
  auth: false,
  summary: "An artist's homepage: profile, collections and works",
  tags: ['nft'],
  request: z.object({ uid: id('field_required'), page: page(), limit: limit() }),
  response: z.object({
    artist: artistSchema,
    collections: z.array(collectionSchema),
    works: pagedSchema(artworkSchema),
  }),
});

/** Toggles the caller's favorite on an artwork (by id, SPEC.md `code`); answers the new state. */
export const collect = endpoint({
  method: 'POST',
  path: '/bind_box/collect',
  auth: true,
  summary: 'Favorite or unfavorite an NFT artwork',
  tags: ['nft'],
  request: z.object({ code: id('field_required') }),
  fieldLabels: { code: 'artwork' },
  response: z.object({ collected: z.boolean(), collect_count: z.number().int() }),
});

export const getNftCurrency = endpoint({
  method: 'GET',
  path: '/bind_box/getNftCurrency',
  auth: false,
  summary: 'Currencies NFT prices are in',
  tags: ['nft'],
  request: z.object({}),
  response: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** Collections of artworks (by artist). */
export const getCollection = endpoint({
  method: 'GET',
  path: '/bind_box/getCollection',
  auth: false,
  summary: 'NFT collections',
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit(), uid: id().optional() }),
  response: pagedSchema(collectionSchema),
});

/** The caller's favorites. */
export const getMyCollect = endpoint({
  method: 'POST',
  path: '/bind_box/getMyCollect',
  auth: true,
  summary: "The caller's favorite NFT artworks",
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(artworkSchema),
});

/**
 * Buys a fixed-price artwork or blind box (`id` the artwork) at its price: paid at once from the
 * change account, the artwork moves to the buyer. Of concurrent buyers exactly one gets it.
 * Idempotency-Key required.
 */
export const buyNFT = endpoint({
  method: 'POST',
  path: '/bind_box/buyNFT',
  auth: true,
  summary: 'Buy a fixed-price NFT or blind box; Idempotency-Key required',
  tags: ['nft'],
  request: z.object({ id: id('field_required') }),
  response: orderSchema,
});

/** Holds the auction's margin ahead of the first bid (a bid holds it otherwise). Idempotency-Key required. */
export const marginNFT = endpoint({
  method: 'POST',
  path: '/bind_box/marginNFT',
  auth: true,
  summary: "Hold an auction's margin before bidding; Idempotency-Key required",
  tags: ['nft'],
  request: z.object({ code: id('field_required') }),
  fieldLabels: { code: 'artwork' },
  response: artworkSchema,
});

/** Bids `price` on the auction of artwork `code`. Idempotency-Key required. */
export const auctionNFT = endpoint({
  method: 'POST',
  path: '/bind_box/auctionNFT',
  auth: true,
  summary: 'Bid on an NFT auction (the first bid holds the margin); Idempotency-Key required',
  tags: ['nft'],
  request: z.object({ code: id('field_required'), price: amount() }),
  fieldLabels: { code: 'artwork' },
  response: artworkSchema,
});

/** The bids of one artwork's current (or last) auction, highest first. */
export const getBindBoxQuotationLog = endpoint({
  method: 'POST',
  path: '/bind_box/getBindBoxQuotationLog',
  auth: false,
  summary: "An NFT auction's bid record",
  tags: ['nft'],
  request: z.object({ code: id('field_required'), page: page(), limit: limit() }),
  fieldLabels: { code: 'artwork' },
  response: pagedSchema(bidSchema),
});

export const getMyNFTs = endpoint({
  method: 'POST',
  path: '/bind_box/getMyNFTs',
  auth: true,
  summary: 'The NFTs the caller owns',
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit(), type: z.enum(NFT_TYPES, { error: 'field_invalid' }).optional() }),
  response: pagedSchema(artworkSchema),
});

export const getMyBindBoxQuotationLog = endpoint({
  method: 'POST',
  path: '/bind_box/getMyBindBoxQuotationLog',
  auth: true,
  summary: "The caller's bids, newest first",
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(bidSchema),
});

/** Opens an owned blind box: reveals its content and the proof against the published commitment. */
export const openBlindBox = endpoint({
  method: 'POST',
  path: '/bind_box/openBlindBox',
  auth: true,
  summary: 'Open an owned blind box: its content and the proof of the commitment',
  tags: ['nft'],
  request: z.object({ id: id('field_required') }),
  response: z.object({ artwork: artworkSchema, proof: blindBoxProofSchema }),
});

/** The longest a resale may run. */
export const RESALE_MAX_MS = 30 * 86_400_000;

/**
 * Lists an owned artwork for sale: fixed price (`pay_type` 1) or auction (2) with a per-bid
 * increase, a margin (auctions) and a start and end (end after start, at most 30 days).
 */
export const resellNFT = endpoint({
  method: 'POST',
  path: '/bind_box/resellNFT',
  auth: true,
  summary: 'List an owned NFT for sale (fixed price or auction)',
  tags: ['nft'],
  request: z
    .object({
      id: id('field_required'),
      pay_type: choice([1, 2] as const).default(2),
      price: amount(),
      per_increase: amount(),
      margin: amount().optional(),
      start_time: epochMs(),
      end_time: epochMs(),
    })
    .superRefine((v, ctx) => {
      if (typeof v.start_time !== 'number' || typeof v.end_time !== 'number') return;
      if (v.end_time <= v.start_time)
        ctx.addIssue({ code: 'custom', message: 'nft_end_before_start', path: ['end_time'] });
      else if (v.end_time - v.start_time > RESALE_MAX_MS) {
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['end_time'] });
      }
    }),
  response: artworkSchema,
});

/** Won auctions awaiting payment, soonest due first. */
export const getNeedPayNFTOrder = endpoint({
  method: 'POST',
  path: '/bind_box/getNeedPayNFTOrder',
  auth: true,
  summary: 'Won NFT auctions awaiting payment',
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(orderSchema),
});

/** All of the caller's NFT orders (bought, won, paid, expired), newest first. */
export const getMyNFTOrders = endpoint({
  method: 'POST',
  path: '/bind_box/getMyNFTOrders',
  auth: true,
  summary: "The caller's NFT orders",
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(orderSchema),
});

/** Pays a won auction: price less the margin from available, the margin from its hold. Idempotency-Key required. */
export const payNFTOrder = endpoint({
  method: 'POST',
  path: '/bind_box/payNFTOrder',
  auth: true,
  summary: 'Pay a won NFT auction; Idempotency-Key required',
  tags: ['nft'],
  request: z.object({ id: id('field_required') }),
  response: orderSchema,
});

/** The caller's NFT messages, newest first, with the unread count. */
export const getNFTMessages = endpoint({
  method: 'POST',
  path: '/bind_box/getNFTOrderMessage',
  auth: true,
  summary: "The caller's NFT messages (outbid, ending, won, payment due or expired)",
  tags: ['nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(messageSchema).extend({ unread: z.number().int() }),
});

/** Marks one message read, or all of them when `id` is absent. */
export const readNFTOrderMessage = endpoint({
  method: 'POST',
  path: '/bind_box/readNFTOrderMessage',
  auth: true,
  summary: 'Mark an NFT message (or all) read',
  tags: ['nft'],
  request: z.object({ id: id().optional() }),
  response: z.object({ unread: z.number().int() }),
});

// ---- Back office ----

/** An artwork as the back office lists it: with its owner and its current sale's processing state. */
export const adminArtworkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(NFT_TYPES),
  rarity: z.enum(NFT_RARITIES),
  image: z.string(),
  artist_uid: z.number().int(),
  artist_name: z.string(),
  collection_id: z.number().int(),
  collection_name: z.string(),
  /** Account number of the owner; null for the platform's catalogue. */
  owner_account: z.string().nullable(),
  listing_state: z.enum(LISTING_STATES),
  sale_id: z.number().int().nullable(),
  pay_type: z.number().int().nullable(),
  price: decimal.nullable(),
  currency_name: z.string(),
  sale_status: z.string().nullable(),
  end_time: z.number().int().nullable(),
});
export type AdminArtwork = z.infer<typeof adminArtworkSchema>;

/** A user's resale on sale now or soon (resales go live when listed; staff may take one down). */
export const adminListingSchema = z.object({
  sale_id: z.number().int(),
  artwork_id: z.number().int(),
  artwork_name: z.string(),
  image: z.string(),
  seller_id: z.number().int(),
  seller_account: z.string(),
  pay_type: z.number().int(),
  price: decimal,
  currency_name: z.string(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  bid_count: z.number().int(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;

const homepage = () =>
  text({ max: 200 }).refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), { error: 'field_invalid' });

export const adminNftArtists = endpoint({
  method: 'GET',
  path: '/admin/nft/artists',
  auth: 'admin',
  summary: 'NFT artists, newest first',
  tags: ['admin', 'nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(artistSchema),
});

/** Adds an artist (no `id`; the avatar is generated) or edits one's name, intro and homepage. Audited. */
export const adminNftArtistSave = endpoint({
  method: 'POST',
  path: '/admin/nft/artist/save',
  auth: 'admin',
  summary: 'Add or edit an NFT artist (audited)',
  tags: ['admin', 'nft'],
  request: z.object({
    id: id().optional(),
    name: text({ max: 64 }).refine((v) => v.length > 0, { error: 'field_required' }),
    intro: text({ max: 2000, multiline: true }).default(''),
    homepage: homepage().default(''),
  }),
  response: artistSchema,
});

export const adminNftArtworks = endpoint({
  method: 'GET',
  path: '/admin/nft/artworks',
  auth: 'admin',
  summary: 'Every NFT artwork (catalogue and owned), newest first',
  tags: ['admin', 'nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(adminArtworkSchema),
});

/** Longest catalogue sale the console creates. */
export const CATALOGUE_SALE_MAX_MS = 90 * 24 * 3_600_000;

/**
 * Adds an artwork to the platform's catalogue with its first sale: fixed price (1) or auction
 * (2), in a currency of `/bind_box/getNftCurrency`. Its media are generated (no upload). Audited.
 */
export const adminNftArtworkCreate = endpoint({
  method: 'POST',
  path: '/admin/nft/artwork/create',
  auth: 'admin',
  summary: 'Add a catalogue artwork with its first sale (audited)',
  tags: ['admin', 'nft'],
  request: z
    .object({
      name: text({ max: 64 }).refine((v) => v.length > 0, { error: 'field_required' }),
      description: text({ max: 2000, multiline: true }).default(''),
      type: z.enum(['image', 'gif', 'audio', 'video'], { error: 'field_invalid' }),
      rarity: z.enum(NFT_RARITIES, { error: 'field_invalid' }),
      collection_id: id('field_required'),
      currency_id: id('field_required'),
      pay_type: choice([1, 2] as const),
      price: amount(),
      per_increase: amount().optional(),
      margin: amount().optional(),
      start_time: epochMs(),
      end_time: epochMs(),
    })
    .superRefine((v, ctx) => {
      if (v.pay_type === 2 && v.per_increase === undefined) {
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['per_increase'] });
      }
      // Every auction holds a margin from each bidder (amount() refuses 0): a free bid could block the sale.
      if (v.pay_type === 2 && v.margin === undefined) {
        ctx.addIssue({ code: 'custom', message: 'nft_margin_required', path: ['margin'] });
      }
      if (typeof v.start_time !== 'number' || typeof v.end_time !== 'number') return;
      if (v.end_time <= v.start_time) {
        ctx.addIssue({ code: 'custom', message: 'nft_end_before_start', path: ['end_time'] });
      } else if (v.end_time - v.start_time > CATALOGUE_SALE_MAX_MS) {
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['end_time'] });
      }
    }),
  response: adminArtworkSchema,
});

/** Edits an artwork's name and description (terms of sales and ownership are not edited). Audited. */
export const adminNftArtworkEdit = endpoint({
  method: 'POST',
  path: '/admin/nft/artwork/edit',
  auth: 'admin',
  summary: "Edit an artwork's name and description (audited)",
  tags: ['admin', 'nft'],
  request: z.object({
    id: id('field_required'),
    name: text({ max: 64 }).refine((v) => v.length > 0, { error: 'field_required' }),
    description: text({ max: 2000, multiline: true }).default(''),
  }),
  response: adminArtworkSchema,
});

export const adminNftListings = endpoint({
  method: 'GET',
  path: '/admin/nft/listings',
  auth: 'admin',
  summary: "Users' resales open now, soonest end first",
  tags: ['admin', 'nft'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(adminListingSchema),
});

/**
 * Takes a resale down: the sale ends unsold and the artwork stays with its owner, not listed
 * (the owner may list it again). Refused once it has bids (`nft_listing_has_bids`): bidders'
 * margins are held on it. The reason is kept in the audit log.
 */
export const adminNftDelist = endpoint({
  method: 'POST',
  path: '/admin/nft/delist',
  auth: 'admin',
  summary: "Take a user's resale down (audited)",
  tags: ['admin', 'nft'],
  request: z.object({
    sale_id: id('field_required'),
    reason: text({ max: 200, multiline: true }).refine((v) => v.length > 0, { error: 'field_required' }),
  }),
  response: adminListingSchema,
});
