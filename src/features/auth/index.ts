import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('auth');

export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
export { ForgetForm } from './components/ForgetForm';
export { AreaPicker } from './components/AreaPicker';
export { inviteCodeFromSearch } from './model/invite';
export { selectedAreaAtom, areaAtom, type SelectedArea } from './state/area';
