import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('trade');

export { TradeTabPage } from './TradeTabPage';
export { CurrencyPage } from './CurrencyPage';
export { OrdersPage } from './OrdersPage';
