import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger kinds this product posts; found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  lock_deposit: msg`Locked for lock mining`,
  lock_interest: msg`Lock mining interest`,
  lock_release: msg`Lock mining principal returned`,
  lock_redeem: msg`Lock mining redeemed early`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
