import { ledgerKinds } from '../domain/bill-types';

/**
 * What the ieo product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types.
 * Small and apart from `../ieo.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const IEO_LEDGER_KINDS = ledgerKinds({
  /** An IEO subscription's payment held in the exchange account until the project ends. */
  ieo_subscribe: 'earn',
  /** An IEO end: the payment for the passed quantity to the issuer, the rest released to the user. */
  ieo_allocate: 'earn',
  /** An IEO end where nothing passed: the whole payment released. */
  ieo_refund: 'earn',
  /** The passed coins of an IEO credited to the exchange account after the lock period or at listing. */
  ieo_credit: 'earn',
});
