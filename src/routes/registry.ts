import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import { sharedChunk } from '@/components/LazyPage/chunk';
import type { CatalogName } from '@/lib/i18n/catalogs';
import { ROUTE_PATHS, ROUTE_TITLES, TABS, type RoutePath, type TabKey } from '@/lib/nav';
import { TAB_PAGE_FILES, type TabPagePath } from './tab-pages';

export interface RouteEntry {
  /** Hash path exactly as SPEC.md section 2 names it (`/pages/<group>/<page>`), or `/` for home. */
  path: RoutePath;
  title: MessageDescriptor;
  /** Set on the five tab pages (and home's alias): they show the bottom tab bar. */
  tab?: TabKey;
}

const TAB_OF: ReadonlyMap<string, TabKey> = new Map([
  ...TABS.map((t) => [t.path, t.key] as const),
  ['/pages/index/index', 'home'],
]);

/** Every route of SPEC.md section 2, in its order (the paths come from `@/lib/nav`). */
export const ROUTES: readonly RouteEntry[] = ROUTE_PATHS.map((path) => ({
  path,
  title: ROUTE_TITLES[path],
  tab: TAB_OF.get(path),
}));

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

// Home is the first route: its chunk loads straight from the entry.
const loadHome: PageLoader = () => import('./pages/index/index');

/**
 * The other tabs' pages also load straight from the entry, each with the feature catalogs it
 * waits for. The app often opens at a tab (a reload, a shortcut); through the page table, its
 * page would come after the table, and its catalogs only once the page's modules ran: three
 * round trips in a row before the page could render or send its first request. `preloadPage`
 * (router.tsx) starts the page and its catalogs side by side instead, and index.html preloads
 * both for the tab it opens at (`tab-pages.ts`). The page table leaves these files out.
 */
const TAB_LOADERS: Readonly<Record<TabPagePath, PageLoader>> = {
  '/pages/market/market': () => import('./pages/market/market'),
  '/pages/transaction/index': () => import('./pages/transaction/index'),
  '/pages/financial/index': () => import('./pages/financial/index'),
  '/pages/fund/assets': () => import('./pages/fund/assets'),
};
const TAB_PAGES: ReadonlyMap<string, { load: PageLoader; catalogs: readonly CatalogName[] }> = new Map(
  Object.entries(TAB_PAGE_FILES).map(([path, { catalogs }]) => [
    path,
    { load: TAB_LOADERS[path as TabPagePath], catalogs },
  ]),
);

/** The feature catalogs a page waits for, when the registry knows them (the tabs'). */
export function catalogsOf(path: string): readonly CatalogName[] {
  return TAB_PAGES.get(path)?.catalogs ?? [];
}

// Every other page comes from the page table (`./pages.ts`), a chunk of its own: its loaders and
// their preload lists grow with every screen, and none of it is needed to show home.
// A table that did not come within the chunk script time-out fails the page (its error screen
// offers Retry, which requests the table again).
const pageTable = sharedChunk('page table', () => import('./pages'));

/** Loads the page table ahead of the first navigation (after the first screen). */
export function preloadPageTable(): Promise<unknown> {
  return pageTable();
}

/**
 * The loader of a route's page: home's or a tab's own, else one that finds the page in the page table and
 * resolves with `fallback` (the "function in development" screen) when the route has no file.
 */
export function loaderFor(path: RoutePath, fallback: PageLoader): PageLoader {
  if (path === '/' || path === '/pages/index/index') return loadHome;
  const tab = TAB_PAGES.get(path);
  if (tab) return tab.load;
  return () => pageTable().then(({ PAGE_LOADERS }) => (PAGE_LOADERS.get(path) ?? fallback)());
}

export function findRoute(path: string): RouteEntry | undefined {
  return ROUTES.find((e) => e.path === path);
}
