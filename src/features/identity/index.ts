export { IdentityView } from './components/IdentityView';
export { VerificationStatus } from './components/VerificationStatus';
export { BindEmailForm } from './components/BindEmailForm';
