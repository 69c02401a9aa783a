import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger kinds this product posts; found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  ieo_subscribe: msg`Held for an IEO subscription`,
  ieo_allocate: msg`IEO allocation paid, rest refunded`,
  ieo_refund: msg`IEO subscription refunded`,
  ieo_credit: msg`IEO coins credited`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
