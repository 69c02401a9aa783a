import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('proof');

export { SnapshotsPage } from './SnapshotsPage';
export { VerifyPage } from './VerifyPage';
export { ProofEntry } from './components/ProofEntry';
export { RecordPage } from './RecordPage';
