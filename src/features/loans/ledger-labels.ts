import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger kinds this product posts; found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  loan_collateral: msg`Held as loan collateral`,
  loan_borrow: msg`Loan received`,
  loan_repay: msg`Loan repayment`,
  loan_release: msg`Loan collateral released`,
  loan_liquidation: msg`Loan liquidated`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
