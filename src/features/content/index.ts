import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('content');

export { ArticlePage } from './ArticlePage';
export { FaqPage } from './FaqPage';
export { InfoPageView } from './InfoPageView';
export { NewsListPage } from './NewsListPage';
export { WebViewPage } from './WebViewPage';
