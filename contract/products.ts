/**
 * What each product adds to the contract's shared lists, collected here so that the hubs import
 * no product: its ledger kinds (with their bill types, for the records and the statement) and its
 * push events. A new product adds its lines here; everything else it declares in its own files.
 */
import { SECONDS_LEDGER_KINDS } from './seconds';
import { FUTURES_LEDGER_KINDS } from './futures';
import { LOCKMING_LEDGER_KINDS } from './lockming';
import { INVEST_LEDGER_KINDS } from './invest';
import { IEO_LEDGER_KINDS } from './ieo';
import { INVITE_LEDGER_KINDS } from './invite';
import { OTC_LEDGER_KINDS } from './otc';
import { LOAN_LEDGER_KINDS } from './loans';

/** The products' ledger kinds (the core's are in `domain/ledger-kinds.ts`). */
export const PRODUCT_LEDGER_KINDS = {
  ...SECONDS_LEDGER_KINDS,
  ...FUTURES_LEDGER_KINDS,
  ...LOCKMING_LEDGER_KINDS,
  ...INVEST_LEDGER_KINDS,
  ...IEO_LEDGER_KINDS,
  ...INVITE_LEDGER_KINDS,
  ...OTC_LEDGER_KINDS,
  ...LOAN_LEDGER_KINDS,
};
