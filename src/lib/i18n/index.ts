import { i18n } from '@lingui/core';
import { BCP47, DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, toLocale, type Locale } from '@contract/domain/locales';
import { loadMessages, type Messages } from '@contract/messages';
import { uiCatalogs } from './catalogs';

export { i18n, LOCALES, LOCALE_NAMES, DEFAULT_LOCALE, BCP47 };
export type { Locale };

/** The contract catalogue (server and validation messages) of each loaded locale. */
const contractCatalogs = new Map<Locale, Messages>();
const listeners = new Set<() => void>();

export function getContractMessages(locale: Locale = toLocale(i18n.locale)): Messages | undefined {
  return contractCatalogs.get(locale);
}

/**
 * Loads both catalogs of a locale (lazily, each its own chunk), activates it and sets the
 * document language. Concurrent switches settle on the one requested last.
 */
let latest: Locale | undefined;
export async function activateLocale(requested: string): Promise<Locale> {
  const locale = toLocale(requested);
  latest = locale;
  const [ui, contract] = await Promise.all([uiCatalogs[locale](), loadMessages[locale]()]);
  contractCatalogs.set(locale, contract.default);
  if (latest !== locale) return locale;
  i18n.loadAndActivate({ locale, messages: ui.messages });
  if (typeof document !== 'undefined') document.documentElement.lang = BCP47[locale];
  listeners.forEach((fn) => fn());
  return locale;
}

/** Notified after each activation; for pieces outside React that cache localized text. */
export function onLocaleActivated(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** BCP 47 tag of the active locale, for Intl formatting. */
export function activeBcp47(): string {
  return BCP47[toLocale(i18n.locale)];
}
