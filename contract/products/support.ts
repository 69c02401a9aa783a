import { z } from 'zod';

/**
 * What the support product adds to the contract's shared lists (`./index.ts`): its push events.
 * Small and apart from `../support.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`). */
export const SUPPORT_PUSH_EVENTS = [
  /** Customer service answered the user; `preview` is the start of the answer. */
  z.object({ type: z.literal('support.reply'), preview: z.string() }),
] as const;
