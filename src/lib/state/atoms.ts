import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { User } from '@contract/auth';
import { DEFAULT_LOCALE, type Locale } from '@contract/domain/locales';
import { randomId } from '../db/id';
import { jsonStorage, readStored, resetStorageOnce, writeStored } from './storage';

// Must run before the first atom reads storage.
resetStorageOnce();

/** Read storage when the atom is first used, so the HTTP client sees the token synchronously. */
const persisted = <T>(key: string, initial: T) =>
  atomWithStorage<T>(key, initial, jsonStorage<T>(), { getOnInit: true });

export interface SiteInfo {
  site_name: string;
  site_logo: string;
  /** Demo mode: market data is simulated and the UI must say so. */
  demo: boolean;
}

/** The display fiat currency; `rate` is a decimal string per 1 USD, `saveTime` epoch ms. */
export interface FiatCurrency {
  currency_code: string;
  rate: string;
  saveTime: number;
}

export interface FiatRate {
  currency_code: string;
  rate: string;
}

export interface WalletCurrency {
  id: number;
  name: string;
}

export const languageAtom = persisted<Locale>('lang', DEFAULT_LOCALE);
export const tokenAtom = persisted<string>('token', '');
export const userAtom = persisted<User | null>('user', null);
export const siteAtom = persisted<SiteInfo>('site', { site_name: '', site_logo: '', demo: false });
export const fiatAtom = persisted<FiatCurrency>('fiat', {
  currency_code: 'USD',
  rate: '1',
  saveTime: 0,
});
export const fiatListAtom = persisted<FiatRate[]>('fiatList', []);
export const networkAtom = persisted<string>('network', 'TRC20');
export const coinNetworkAtom = persisted<string>('coinNetwork', '');
export const walletCurrencyAtom = persisted<WalletCurrency | null>('walletCurrency', null);
/** Ask before placing a spot order; the order form's "don't ask again" and settings turn it off. */
export const confirmOrdersAtom = persisted<boolean>('confirmOrders', true);

/** Generated once per installation and kept; identifies this device to the server. */
function deviceKey(): string {
  const stored = readStored('deviceKey');
  if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (typeof parsed === 'string' && parsed) return parsed;
    } catch (error) {
      // A corrupt value is replaced below.
      console.warn('deviceKey: stored value unreadable, replacing it', error);
    }
  }
  const fresh = randomId();
  writeStored('deviceKey', JSON.stringify(fresh));
  return fresh;
}
export const deviceKeyAtom = persisted<string>('deviceKey', deviceKey());

export const isLoggedInAtom = atom((get) => get(tokenAtom) !== '');
