import { ledgerKinds } from '../domain/bill-types';

/**
 * What the lockming product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types.
 * Small and apart from `../lockming.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const LOCKMING_LEDGER_KINDS = ledgerKinds({
  /** A lock-mining deposit: the principal held in the change account until the lock ends. */
  lock_deposit: 'earn',
  /** One day's lock-mining interest from the house, paid after the day ended. */
  lock_interest: 'earn',
  /** A lock-mining order reached its end date: the principal released. */
  lock_release: 'earn',
  /** A lock-mining order redeemed early: the penalty to the house, the rest of the principal back. */
  lock_redeem: 'earn',
});
