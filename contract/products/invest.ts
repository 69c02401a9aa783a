import { ledgerKinds } from '../domain/bill-types';

/**
 * What the invest product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types.
 * Small and apart from `../invest.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const INVEST_LEDGER_KINDS = ledgerKinds({
  /** The invested coin of a dual invest order held in the exchange account until maturity. */
  dual_buy: 'earn',
  /** A dual invest order settled: paid in the coin (principal and interest) or in USDT (the coin to the house). */
  dual_settle: 'earn',
  /** A dual invest order that could not settle (no recorded price at maturity): the principal released. */
  dual_refund: 'earn',
});
