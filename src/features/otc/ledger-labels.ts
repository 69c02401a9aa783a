import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger kinds this product posts; found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  otc_escrow: msg`OTC order: coins in escrow`,
  otc_release: msg`OTC order completed`,
  otc_refund: msg`OTC order cancelled: escrow released`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
