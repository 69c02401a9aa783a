import type { Messages as LinguiMessages } from '@lingui/core';
import type { Locale } from '@contract/domain/locales';
import { sharedChunk } from '@/components/LazyPage/chunk';

export type CatalogModule = { messages: LinguiMessages };

/**
 * The shell catalog of every locale (`src/locales/<locale>/shell.po`), each its own chunk: the
 * first route needs one of them. The feature catalogs (one per feature folder, split by
 * lingui.config.ts) are listed in a table of their own, fetched with the first feature that asks:
 * with eight locales and a catalog per feature, their loaders alone would outweigh a page on the
 * first route. Nothing here is fetched until asked for.
 */
const shells = import.meta.glob<CatalogModule>('../../locales/*/shell.po');

/** Names of the catalogs: `shell` and one per feature folder. */
export type CatalogName = string;

// Failed after the chunk script time-out and requested again by the next page that asks.
const loadFeatureTable = sharedChunk('catalog table', () => import('./feature-catalogs'));

/** Loads the table of feature catalogs ahead of the first page that needs one. */
export function preloadFeatureCatalogs(): Promise<unknown> {
  return loadFeatureTable();
}

export function catalogLoader(locale: Locale, name: CatalogName): () => Promise<CatalogModule> {
  if (name === 'shell') {
    const load = shells[`../../locales/${locale}/shell.po`];
    if (!load) throw new Error(`No catalog "${name}" for locale ${locale}`);
    return load;
  }
  return () => loadFeatureTable().then(({ featureCatalog }) => featureCatalog(locale, name));
}
