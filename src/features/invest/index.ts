import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('invest');

export { InvestPage } from './InvestPage';
export { PurchasePage } from './PurchasePage';
export { MinePage } from './MinePage';
export { HelpPage } from './HelpPage';
