import { z } from 'zod';

/**
 * What the trade product adds to the contract's shared lists (`./index.ts`): its push events.
 * Small and apart from `../trade.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/**
 * Why an order ended without filling completely. `oco`: an OCO's limit leg whose stop fired first
 * (its unfilled rest left the book at the trigger; see conditional.ts).
 */
export const CANCEL_REASONS = ['user', 'ioc', 'market_remainder', 'self_trade', 'post_only', 'oco'] as const;

/**
 * The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`);
 * the spot trading core sends them as it commits a batch.
 */
export const TRADE_PUSH_EVENTS = [
  /**
   * A spot order filled (`complete`) or partly filled: `filled` base quantity so far for `value`
   * in `currency` (the pair's quote). One per order and trading batch.
   */
  z.object({
    type: z.literal('trade.filled'),
    order_id: z.number().int(),
    pair: z.string(),
    side: z.enum(['buy', 'sell']),
    filled: z.string(),
    value: z.string(),
    currency: z.string(),
    complete: z.boolean(),
  }),
  /** A spot order was cancelled (by the user, or what an IOC, market or post-only order left). */
  z.object({
    type: z.literal('trade.cancelled'),
    order_id: z.number().int(),
    pair: z.string(),
    side: z.enum(['buy', 'sell']),
    reason: z.enum(CANCEL_REASONS),
    filled: z.string(),
  }),
] as const;
