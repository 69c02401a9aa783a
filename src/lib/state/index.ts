export {
  languageAtom,
  tokenAtom,
  userAtom,
  siteAtom,
  fiatAtom,
  fiatListAtom,
  deviceKeyAtom,
  networkAtom,
  coinNetworkAtom,
  walletCurrencyAtom,
  confirmOrdersAtom,
  isLoggedInAtom,
} from './atoms';
export type { SiteInfo, FiatCurrency, FiatRate, WalletCurrency } from './atoms';
export { appStore, endSessionIfAppWasClosed, signIn, signOut } from './session';
export { localStorageOrNull, resetStorageOnce, STORAGE_VERSION } from './storage';
