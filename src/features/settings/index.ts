import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('settings');

export { SettingsList } from './components/SettingsList';
export { LanguageButton } from './components/LanguageButton';
export { LanguageSheet } from './components/LanguageSheet';
export { useChangeLanguage } from './hooks/useChangeLanguage';
