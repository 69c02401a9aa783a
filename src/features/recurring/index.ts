import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('recurring');

export { RecurringListPage } from './RecurringListPage';
export { RecurringCreatePage } from './RecurringCreatePage';
export { RecurringDetailPage } from './RecurringDetailPage';
