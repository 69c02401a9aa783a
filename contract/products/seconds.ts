import { z } from 'zod';
import { ledgerKinds } from '../domain/bill-types';

/**
 * What the seconds product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types and its push events.
 * Small and apart from `../seconds.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const SECONDS_LEDGER_KINDS = ledgerKinds({
  /** The stake of a seconds contract held in the micro account. */
  micro_stake: 'seconds',
  /** A seconds contract settled as a win (stake and profit paid) or a loss (stake to the house). */
  micro_settle: 'seconds',
  /** A seconds contract settled as a tie or void: the stake released. */
  micro_refund: 'seconds',
});

/** The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`). */
export const SECONDS_PUSH_EVENTS = [
  /** A seconds contract settled; `profit` is signed (a loss is negative). */
  z.object({
    type: z.literal('settlement.seconds'),
    order_id: z.number().int(),
    pair: z.string(),
    result: z.enum(['win', 'loss', 'tie', 'void']),
    profit: z.string(),
    currency: z.string(),
  }),
] as const;
