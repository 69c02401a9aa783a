import { z } from 'zod';
import { ledgerKinds } from '../domain/bill-types';

/**
 * What the loans product adds to the contract's shared lists (`./index.ts`): its ledger kinds with their bill types and its push events.
 * Small and apart from `../loans.ts`, so that the screens and the service worker, which load these
 * lists, do not load the product's endpoints with them.
 */

/** The ledger kinds this product posts, with the bill type of each (collected by `./index.ts`). */
export const LOAN_LEDGER_KINDS = ledgerKinds({
  /** Collateral of a crypto loan held in the change account (at borrowing or added later). */
  loan_collateral: 'other',
  /** A crypto loan paid out: USDT from the house to the change account. */
  loan_borrow: 'other',
  /** A crypto loan repayment (interest first, then principal) to the house. */
  loan_repay: 'other',
  /** A repaid crypto loan's collateral released. */
  loan_release: 'other',
  /** A crypto loan liquidated: the collateral sold to the house, the rest of the proceeds returned. */
  loan_liquidation: 'other',
});

/** The push events of this product (collected by `contract/products/index.ts` into `contract/push.ts`). */
export const LOAN_PUSH_EVENTS = [
  /**
   * A crypto loan reached its margin-call LTV (add collateral or repay) or was liquidated at
   * `price`; `ltv` is the loan-to-value at that price.
   */
  z.object({
    type: z.literal('settlement.loan'),
    kind: z.enum(['margin_call', 'liquidation']),
    loan_id: z.number().int(),
    collateral: z.string(),
    ltv: z.string(),
    price: z.string(),
  }),
] as const;
