import type { Locale } from '@contract/domain/locales';
import type { CatalogModule } from './catalogs';

/** Every feature catalog of every locale, each its own chunk (`src/locales/<locale>/<feature>.po`). */
const modules = import.meta.glob<CatalogModule>(['../../locales/*/*.po', '!../../locales/*/shell.po']);

export function featureCatalog(locale: Locale, name: string): Promise<CatalogModule> {
  const load = modules[`../../locales/${locale}/${name}.po`];
  if (!load) return Promise.reject(new Error(`No catalog "${name}" for locale ${locale}`));
  return load();
}
