/**
 * What each product adds to the contract's shared lists, collected here so that the hubs import
 * no product's endpoints: its ledger kinds (with their bill types, for the records and the statement) and its
 * push events. A new product adds its lines here; everything else it declares in its own files.
 */
import { SECONDS_LEDGER_KINDS, SECONDS_PUSH_EVENTS } from './seconds';
import { FUTURES_LEDGER_KINDS, FUTURES_PUSH_EVENTS } from './futures';
import { LOCKMING_LEDGER_KINDS } from './lockming';
import { INVEST_LEDGER_KINDS } from './invest';
import { IEO_LEDGER_KINDS } from './ieo';
import { INVITE_LEDGER_KINDS } from './invite';
import { OTC_LEDGER_KINDS, OTC_PUSH_EVENTS } from './otc';
import { LOAN_LEDGER_KINDS, LOAN_PUSH_EVENTS } from './loans';
import { TRADE_PUSH_EVENTS } from './trade';
import { RECURRING_PUSH_EVENTS } from './recurring';
import { ALERT_PUSH_EVENTS } from './alerts';
import { NFT_PUSH_EVENTS } from './nft';
import { SUPPORT_PUSH_EVENTS } from './support';

/** The products' ledger kinds (the core's are in `../domain/ledger-kinds.ts`). */
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

/**
 * The products' push events, each a zod object with its literal `type` (the core's are in
 * `../push.ts`, which joins both into `pushEventSchema`).
 */
export const PRODUCT_PUSH_EVENTS = [
  ...TRADE_PUSH_EVENTS,
  ...RECURRING_PUSH_EVENTS,
  ...OTC_PUSH_EVENTS,
  ...ALERT_PUSH_EVENTS,
  ...NFT_PUSH_EVENTS,
  ...SECONDS_PUSH_EVENTS,
  ...FUTURES_PUSH_EVENTS,
  ...LOAN_PUSH_EVENTS,
  ...SUPPORT_PUSH_EVENTS,
] as const;
