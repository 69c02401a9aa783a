import { startTransition } from 'react';
import { i18n } from '@lingui/core';
import { BCP47, DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, toLocale, type Locale } from '@contract/domain/locales';
import { loadMessages, type Messages } from '@contract/messages';
import { catalogLoader, type CatalogName } from './catalogs';

export { preloadFeatureCatalogs } from './catalogs';

export { i18n, LOCALES, LOCALE_NAMES, DEFAULT_LOCALE, BCP47 };
export type { Locale };

/** The contract catalogue (server and validation messages) of each loaded locale. */
const contractCatalogs = new Map<Locale, Messages>();
const listeners = new Set<() => void>();
/**
 * Feature catalogs in use: a language switch loads each of them in the new language too. The
 * contract catalogue (validation and server messages) only serves features' forms, so it loads
 * with the first feature rather than on the first route.
 */
const featureCatalogs = new Set<CatalogName>();

async function loadContract(locale: Locale): Promise<void> {
  if (!contractCatalogs.has(locale)) contractCatalogs.set(locale, (await loadMessages[locale]()).default);
}

export function getContractMessages(locale: Locale = toLocale(i18n.locale)): Messages | undefined {
  return contractCatalogs.get(locale);
}

async function loadUi(locale: Locale, names: Iterable<CatalogName>) {
  const loaded = await Promise.all([...names].map((name) => catalogLoader(locale, name)()));
  return Object.assign({}, ...loaded.map((m) => m.messages)) as Record<string, unknown>;
}

/**
 * Loads the shell catalog and the feature catalogs in use (with the contract catalogue) of a
 * locale (lazily, each its own chunk), activates it and sets the document language. Concurrent switches
 * settle on the one requested last.
 */
let latest: Locale | undefined;
export async function activateLocale(requested: string): Promise<Locale> {
  const locale = toLocale(requested);
  latest = locale;
  const [ui] = await Promise.all([
    loadUi(locale, ['shell', ...featureCatalogs]),
    featureCatalogs.size > 0 ? loadContract(locale) : undefined,
  ]);
  if (latest !== locale) return locale;
  // Merged into what is loaded, not replacing it: a feature's catalog may have arrived first (the
  // page preloaded beside the entry), and `loadAndActivate` would drop it.
  i18n.load(locale, { ...ui } as never);
  // Lingui's own date and number formatting (i18n.date, i18n.number) goes to Intl with `locales`:
  // the product's codes are not BCP 47 ('hk' would format as American English).
  i18n.activate(locale, BCP47[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = BCP47[locale];
  listeners.forEach((fn) => fn());
  return locale;
}

/**
 * Loads a feature's catalog in the active language and keeps it loaded across language switches.
 * Each feature's index.ts awaits it at the top level, so the feature's chunk resolves only once
 * its strings are there.
 */
export async function loadCatalog(name: CatalogName): Promise<void> {
  featureCatalogs.add(name);
  const locale = latest ?? toLocale(i18n.locale || DEFAULT_LOCALE);
  const [{ messages }] = await Promise.all([catalogLoader(locale, name)(), loadContract(locale)]);
  // Loading tells Lingui's provider to re-render the whole app; as a transition it renders in
  // slices instead of one long task (the feature's own screens read the messages when they render).
  startTransition(() => i18n.load(locale, messages));
}

/**
 * Fetches feature catalogs of a locale (with the contract catalogue) ahead of the features that
 * load them, for the page the app opens at: its `loadCatalog` then finds them loaded instead of
 * asking only once the page's own modules have arrived. Nothing is activated here.
 */
export function preloadCatalogs(locale: Locale, names: readonly CatalogName[]): Promise<unknown> {
  if (names.length === 0) return Promise.resolve();
  return Promise.all([...names.map((name) => catalogLoader(locale, name)()), loadMessages[locale]()]);
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
