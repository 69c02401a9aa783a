import type { Messages as LinguiMessages } from '@lingui/core';
import type { Locale } from '@contract/domain/locales';

type CatalogModule = { messages: LinguiMessages };

/**
 * Every catalog of every locale, each its own chunk (`src/locales/<locale>/<name>.po`, split by
 * lingui.config.ts): `shell` holds the first route's strings, the others one feature's each.
 * Nothing here is fetched until asked for.
 */
const modules = import.meta.glob<CatalogModule>('../../locales/*/*.po');

/** Names of the catalogs: `shell` and one per feature folder. */
export type CatalogName = string;

export function catalogLoader(locale: Locale, name: CatalogName): () => Promise<CatalogModule> {
  const load = modules[`../../locales/${locale}/${name}.po`];
  if (!load) throw new Error(`No catalog "${name}" for locale ${locale}`);
  return load;
}
