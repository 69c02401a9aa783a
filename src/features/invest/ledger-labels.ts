import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger kinds this product posts; found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  dual_buy: msg`Held for a dual invest order`,
  dual_settle: msg`Dual invest settled`,
  dual_refund: msg`Dual invest refunded`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
