import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('alerts');

export { AlertBell } from './components/AlertBell';
export { AlertsPage } from './AlertsPage';
