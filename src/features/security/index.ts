import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('security');

export { SecurityCentre } from './components/SecurityCentre';
export { NotMe } from './components/NotMe';
