import { loadCatalog } from '@/lib/i18n';

// Home's entry into this feature, loaded after home's first paint: banners, the news headline and
// the popup notice, with the feature's strings. No Dexie, no zod, no sanitiser here.
await loadCatalog('content');

export { HomeContent as default } from './components/HomeContent';
