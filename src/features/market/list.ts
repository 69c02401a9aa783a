import { loadCatalog } from '@/lib/i18n';

// The market tab's entry: its page alone, without the search and pair screens (their inputs,
// chart and order books load with their own routes).
await loadCatalog('market');

export { MarketPage } from './MarketPage';
