import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('lockming');

export { LockProductsPage } from './LockProductsPage';
export { LockBuyPage } from './LockBuyPage';
export { LockOrdersPage } from './LockOrdersPage';
export { LockWelcomePage } from './LockWelcomePage';
