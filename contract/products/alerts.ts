import { z } from 'zod';

/**
 * What the alerts product adds to the contract's shared lists (`./index.ts`): its push events.
 * Small and apart from `../alerts.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`). */
export const ALERT_PUSH_EVENTS = [
  /**
   * A price alert of the user fired: `kind` above / below `target` (a price of `pair`) or a 24 h
   * change beyond `target` percent; `price` and `change` (percent) are the feed's at that tick.
   */
  z.object({
    type: z.literal('trade.price_alert'),
    alert_id: z.number().int(),
    pair: z.string(),
    kind: z.enum(['above', 'below', 'change']),
    target: z.string(),
    price: z.string(),
    change: z.string(),
  }),
] as const;
