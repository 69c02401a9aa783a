import { z } from 'zod';

/**
 * What the nft product adds to the contract's shared lists (`./index.ts`): its push events.
 * Small and apart from `../nft.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`). */
export const NFT_PUSH_EVENTS = [
  /** Someone bid more than the user on an artwork. */
  z.object({
    type: z.literal('auction.outbid'),
    artwork_id: z.number().int(),
    name: z.string(),
    price: z.string(),
    currency: z.string(),
  }),
  /** An auction the user bid on ends in 10 minutes. */
  z.object({ type: z.literal('auction.ending_10m'), artwork_id: z.number().int(), name: z.string() }),
  /** The user won an auction; `order_id` is the order to pay. */
  z.object({
    type: z.literal('auction.won'),
    artwork_id: z.number().int(),
    order_id: z.number().int(),
    name: z.string(),
    price: z.string(),
    currency: z.string(),
  }),
  /** One hour is left to pay a won auction. */
  z.object({
    type: z.literal('auction.payment_due_1h'),
    artwork_id: z.number().int(),
    order_id: z.number().int(),
    name: z.string(),
    amount: z.string(),
    currency: z.string(),
  }),
  /** A won auction was not paid in time: the margin is forfeited. */
  z.object({
    type: z.literal('auction.payment_expired'),
    artwork_id: z.number().int(),
    order_id: z.number().int(),
    name: z.string(),
    margin: z.string(),
    currency: z.string(),
  }),
  /**
   * An NFT message without a push of its own (bought, sold, paid, a blind box): `kind` is the
   * NFT message kind (`MESSAGE_KINDS`), `price` in `currency` when it has one.
   */
  z.object({
    type: z.literal('nft.message'),
    kind: z.string(),
    artwork_id: z.number().int(),
    name: z.string(),
    price: z.string().nullable(),
    currency: z.string(),
  }),
] as const;
