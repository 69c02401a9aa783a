import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('otc');

export { OtcOrderPage, OtcPage, type OtcSearch, type OtcView } from './OtcPage';
