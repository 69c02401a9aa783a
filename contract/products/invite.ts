import { ledgerKinds } from '../domain/bill-types';

/**
 * What the invite product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types.
 * Small and apart from `../invite.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const INVITE_LEDGER_KINDS = ledgerKinds({
  /** A referrer's share of referees' trading fees for one hour, paid from the fee accounts. */
  invite_rebate: 'other',
});
