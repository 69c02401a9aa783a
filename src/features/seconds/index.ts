import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('seconds');

export { SecondsPage } from './SecondsPage';
export { SecondsOrdersPage } from './SecondsOrdersPage';
