import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('identity');

export { IdentityView } from './components/IdentityView';
export { VerificationStatus } from './components/VerificationStatus';
export { BindEmailForm } from './components/BindEmailForm';
export { BindMobileForm } from './components/BindMobileForm';
export { SecurityView } from './components/SecurityView';
export { ChangePasswordForm } from './components/ChangePasswordForm';
export { refreshUser } from './api/identity';
