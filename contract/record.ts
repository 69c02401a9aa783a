import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { SETTLEMENT_KINDS } from './domain/settlement-chain';
import { count, decimal, epochMs, id, limit, page, paging, text } from './domain/wire';
import { MARKET_SOURCES } from './market';

/**
 * The public settlement record (`domain/settlement-chain.ts`): every outcome the system decided,
 * each record carrying the previous record's hash. Anyone lists it, reads a record's inputs, walks
 * the chain to check it against the published heads (one a minute, and the daily proof snapshot's).
 */

const hash = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The refs a settled thing is recorded under: what the products write and what a user's history
 * links to (`#/pages/proof/record?ref=`). A ref of records of many (`seconds`, `lock_mining`) names
 * leaves; the others name records.
 */
export const settlementRef = {
  spotTrade: (tradeId: number) => `spot_trade:${tradeId}`,
  seconds: (orderId: number) => `seconds:${orderId}`,
  futures: (positionId: number) => `futures:${positionId}`,
  nftAuction: (saleId: number) => `nft_auction:${saleId}`,
  nftBlindBox: (artworkId: number) => `nft_blind_box:${artworkId}`,
  lockMining: (orderId: number) => `lock_mining:${orderId}`,
  dualInvest: (orderId: number) => `dual_invest:${orderId}`,
} as const;

export const settlementRecordSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(SETTLEMENT_KINDS),
  pair: z.string().nullable(),
  at: z.number().int(),
  ref: z.string(),
  /** The canonical JSON that was hashed; it holds the inputs, the outcome and the previous hash. */
  body: z.string(),
  hash,
});
export type SettlementRecordView = z.infer<typeof settlementRecordSchema>;

export const headSchema = z.object({ seq: z.number().int(), hash });
export const publishedHeadSchema = headSchema.extend({ minute: z.number().int() });

export const recordList = endpoint({
  method: 'GET',
  path: '/proof/records',
  auth: false,
  summary: 'The settlement record, newest first, by kind, pair and time',
  tags: ['proof'],
  request: paging().extend({
    kind: z.enum(SETTLEMENT_KINDS, { error: 'field_invalid' }).optional(),
    pair: text({ max: 24 }).optional(),
    from: epochMs().optional(),
    to: epochMs().optional(),
  }),
  response: pagedSchema(settlementRecordSchema),
});

/** Most records one chain read returns. */
export const CHAIN_PAGE_MAX = 500;

/**
 * Consecutive records after `after` (0: from the first), with the hash they link to and the latest
 * published head, so a verifier walks the chain page by page.
 */
export const recordChain = endpoint({
  method: 'GET',
  path: '/proof/chain',
  auth: false,
  summary: 'Consecutive records of the settlement chain, for verification',
  tags: ['proof'],
  request: z.object({ after: count(), limit: limit(200, CHAIN_PAGE_MAX) }),
  response: z.object({
    after: headSchema,
    records: z.array(settlementRecordSchema),
    /** The last published head (null: none yet). */
    published: publishedHeadSchema.nullable(),
  }),
});

/**
 * One thing settled in a record of many (a seconds contract of a settled batch, a lock-mining
 * order's payout): its own ref, the seq of the record listing it, its canonical body (the inputs and
 * the outcome) and its index in that record's `data.leaves`, where the body's hash is listed
 * (`verifyLeaf`).
 */
export const recordLeafSchema = z.object({
  ref: z.string(),
  seq: z.number().int(),
  index: z.number().int(),
  body: z.string(),
});
export type RecordLeafView = z.infer<typeof recordLeafSchema>;

/** Most leaves one ref answers with (a lock-mining order has one per payout), oldest first. */
export const RECORD_LEAVES_MAX = 500;

/**
 * The records of one settled thing (`seconds:42`, `futures:7`, `spot_trade:9`, `lock_mining:5`):
 * an order history's link. A thing settled in records of many comes with its leaves (one for a
 * seconds contract, one per payout of a lock-mining order), each naming the record that lists it.
 */
export const recordOf = endpoint({
  method: 'GET',
  path: '/proof/record',
  auth: false,
  summary: 'The records of one settlement, with the record before the first',
  tags: ['proof'],
  request: z
    .object({ seq: id().optional(), ref: text({ max: 64 }).optional() })
    .refine((v) => v.seq !== undefined || (v.ref !== undefined && v.ref !== ''), {
      error: 'field_required',
      path: ['seq'],
    }),
  response: z.object({
    records: z.array(settlementRecordSchema),
    before: headSchema.nullable(),
    leaves: z.array(recordLeafSchema),
  }),
});

/** A leaf of a record of many with the SHA-256 of its body, which the record lists at `index`. */
export const recordLeafWithHashSchema = recordLeafSchema.extend({ hash });
export type RecordLeafWithHash = z.infer<typeof recordLeafWithHashSchema>;

/** Most leaves one page of a record's leaves holds. */
export const LEAVES_PAGE_MAX = 500;

/**
 * The leaves of one record of many (a seconds batch, a day's lock-mining chunk, copies closed with
 * their trader's position), by the record's seq, in the order of its `data.leaves` (oldest first),
 * paged: each leaf's own ref, its body and its hash, so anyone recomputes every hash the record
 * lists, however many thousands. A record that settles one thing has none; an unknown seq is
 * `record_not_found`, as for `/proof/record`.
 */
export const recordLeaves = endpoint({
  method: 'GET',
  path: '/proof/record/leaves',
  auth: false,
  summary: "A record's leaves in the order of its data.leaves, paged, each with its hash",
  tags: ['proof'],
  request: z.object({ seq: id(), page: page(), limit: limit(100, LEAVES_PAGE_MAX) }),
  response: pagedSchema(recordLeafWithHashSchema),
});

export const recordHeads = endpoint({
  method: 'GET',
  path: '/proof/heads',
  auth: false,
  summary: 'The heads of the settlement chain published each minute, newest first',
  tags: ['proof'],
  request: paging(),
  response: pagedSchema(publishedHeadSchema),
});

/**
 * A feed trade a settlement was decided from, kept for good (the price record itself is pruned):
 * a seconds contract's entry and settlement trades, a futures trigger's or close's tick, a dual
 * investment's price at maturity. The record states each one's price, feed time and source.
 */
export const settlementTickSchema = z.object({
  pair: z.string(),
  /** The trade's feed time (epoch ms). */
  ts: z.number().int(),
  price: decimal(),
  source: z.enum(MARKET_SOURCES),
});
export type SettlementTickView = z.infer<typeof settlementTickSchema>;

export const recordTicks = endpoint({
  method: 'GET',
  path: '/proof/ticks',
  auth: false,
  summary: 'The feed ticks settlements were decided from, newest first, by pair and feed time',
  tags: ['proof'],
  request: paging().extend({
    pair: text({ max: 24 }).optional(),
    from: epochMs().optional(),
    to: epochMs().optional(),
  }),
  response: pagedSchema(settlementTickSchema),
});
