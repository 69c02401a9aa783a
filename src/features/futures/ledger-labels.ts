import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger kinds this product posts; found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  lever_open: msg`Futures position opened`,
  lever_fill: msg`Futures limit order filled`,
  lever_cancel: msg`Futures order cancelled, funds released`,
  lever_close: msg`Futures position closed`,
  lever_liquidation: msg`Futures position liquidated`,
  lever_overnight: msg`Futures overnight fee`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
