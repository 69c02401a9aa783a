export { SettingsList } from './components/SettingsList';
export { LanguageButton } from './components/LanguageButton';
export { LanguageSheet } from './components/LanguageSheet';
export { useChangeLanguage } from './hooks/useChangeLanguage';
