import { z } from 'zod';
import { ledgerKinds } from '../domain/bill-types';

/**
 * What the futures product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types and its push events.
 * Small and apart from `../futures.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const FUTURES_LEDGER_KINDS = ledgerKinds({
  /** A futures position opened (margin held, open fee to fees) or a limit open placed (margin and fee held). */
  lever_open: 'futures',
  /** A pending futures limit open reached its price: its held open fee paid. */
  lever_fill: 'futures',
  /** A pending futures limit open cancelled: margin and fee released. */
  lever_cancel: 'futures',
  /** A futures position closed: margin released, profit or loss settled with the house, close fee. */
  lever_close: 'futures',
  /** A futures position liquidated: loss to the house, close fee, the rest of the margin to insurance. */
  lever_liquidation: 'futures',
  /** The overnight fee of a futures position, taken from its margin at 00:00 UTC. */
  lever_overnight: 'futures',
});

/**
 * The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`);
 * the positions engine sends them, for copied positions too.
 */
export const FUTURES_PUSH_EVENTS = [
  /** A futures position closed by its take-profit, its stop-loss, its trailing stop or a liquidation. */
  z.object({
    type: z.literal('settlement.futures'),
    position_id: z.number().int(),
    pair: z.string(),
    trigger: z.enum(['take_profit', 'stop_loss', 'liquidation', 'trailing_stop']),
    profit: z.string(),
    currency: z.string(),
  }),
] as const;
