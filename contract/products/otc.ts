import { z } from 'zod';
import { ledgerKinds } from '../domain/bill-types';

/**
 * What the otc product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types and its push events.
 * Small and apart from `../otc.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const OTC_LEDGER_KINDS = ledgerKinds({
  /** An OTC order opened: the seller's coins held in escrow in the legal account. */
  otc_escrow: 'other',
  /** An OTC order completed: the escrow paid to the buyer's legal account. */
  otc_release: 'other',
  /** An OTC order cancelled (by the buyer, its payment window, or an appeal refund): escrow released. */
  otc_refund: 'other',
});

/** The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`). */
export const OTC_PUSH_EVENTS = [
  /** A step of an OTC order the user is a side of; `quantity` of `coin`. */
  z.object({
    type: z.literal('trade.otc'),
    order_id: z.number().int(),
    step: z.enum(['opened', 'paid', 'released', 'cancelled', 'expired', 'appeal', 'decided']),
    quantity: z.string(),
    coin: z.string(),
  }),
] as const;
