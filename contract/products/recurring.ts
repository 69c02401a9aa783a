import { z } from 'zod';

/**
 * What the recurring product adds to the contract's shared lists (`./index.ts`): its push events.
 * Small and apart from `../recurring.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** Why a run bought nothing. */
export const SKIP_REASONS = [
  'insufficient_balance',
  'slippage_exceeded',
  'no_price',
  'no_liquidity',
  'rejected',
] as const;

/** The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`). */
export const RECURRING_PUSH_EVENTS = [
  /**
   * A recurring buy ran: `bought` (`got` of `base` for `spent` of `quote`) or `skipped` for
   * `reason` (`spent` is then what the run would have spent).
   */
  z.object({
    type: z.literal('trade.recurring'),
    plan_id: z.number().int(),
    pair: z.string(),
    result: z.enum(['bought', 'skipped']),
    reason: z.enum(SKIP_REASONS).nullable(),
    spent: z.string(),
    got: z.string(),
    base: z.string(),
    quote: z.string(),
  }),
] as const;
