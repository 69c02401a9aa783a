import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { loadCatalog } from '@/lib/i18n';

type LabelModule = { LEDGER_LABELS: Partial<Record<LedgerKind, MessageDescriptor>> };

/**
 * Each feature's labels of the ledger kinds it declares (`src/features/<name>/ledger-labels.ts`),
 * found by folder so that a new product adds its own file and edits nothing here. Their strings are
 * in the `records` catalog, loaded here: only the pages that show records wait for it.
 */
const modules = import.meta.glob<LabelModule>('../features/*/ledger-labels.ts', { eager: true });

/** A label for every kind the server posts (`ledger-labels.test.ts` checks that none is missing). */
export const RECORD_KINDS = Object.assign({}, ...Object.values(modules).map((m) => m.LEDGER_LABELS)) as Record<
  LedgerKind,
  MessageDescriptor
>;

await loadCatalog('records');
