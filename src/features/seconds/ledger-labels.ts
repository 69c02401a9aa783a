import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger kinds this product posts; found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  micro_stake: msg`Stake of a seconds contract`,
  micro_settle: msg`Seconds contract settled`,
  micro_refund: msg`Seconds contract refunded`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
