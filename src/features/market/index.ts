import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('market');

export { MarketPage, PAIR_PAGE } from './MarketPage';
export { SearchPage } from './SearchPage';
export { PairPage } from './PairPage';
