import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('copytrade');

export { AgreementPage } from './agreement/AgreementPage';
export { agreementEn } from './agreement/en';
export { agreementZh } from './agreement/zh';
export { TraderListPage } from './TraderListPage';
export { TraderDetailPage } from './TraderDetailPage';
export { FollowPage } from './FollowPage';
export { CopyHomePage } from './CopyHomePage';
export { MyCopyPage } from './MyCopyPage';
export { ApplyTraderPage } from './ApplyTraderPage';
