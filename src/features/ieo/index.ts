import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('ieo');

export { IeoListPage } from './IeoListPage';
export { IeoSubscribePage } from './IeoSubscribePage';
export { IeoOrdersPage } from './IeoOrdersPage';
