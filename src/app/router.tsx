import { createHashHistory, createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { lazy, Suspense } from 'react';
import { LazyPage, loadChunk } from '@/components/LazyPage';
import { pages, ROUTE_PATHS, searchSchemas, type RoutePath, type SearchSchemas } from '@/lib/nav';
import { appStore, languageAtom, tokenAtom } from '@/lib/state';
import { afterFirstScreen } from '@/lib/realtime/after-first-screen';
import { preloadCatalogs, preloadFeatureCatalogs } from '@/lib/i18n';
import { catalogsOf, findRoute, loaderFor, preloadPageTable, type PageLoader } from '@/routes/registry';
import { toLocale } from '@contract/domain/locales';
import { prepareAntd } from './antd';
import { RootLayout } from './RootLayout';

// Screens no first visit of home shows: their code (and icons) load when they are needed.
const FunctionInDevelopment = lazy(() =>
  import('@/components/FunctionInDevelopment').then((m) => ({ default: m.FunctionInDevelopment })),
);
const LazyNotFound = lazy(() => import('./NotFound').then((m) => ({ default: m.NotFound })));
const NotFound = () => (
  <Suspense fallback={null}>
    <LazyNotFound />
  </Suspense>
);

/** Home's paths: the first route, which needs nothing of antd-mobile beyond its components. */
const HOME_PATHS: ReadonlySet<RoutePath> = new Set([pages.home, pages.index.index]);

/** A page other than home resolves once antd-mobile's render shim and texts are there too. */
const withAntd =
  (load: PageLoader): PageLoader =>
  () =>
    Promise.all([load(), prepareAntd(toLocale(appStore.get(languageAtom)))]).then(([page]) => page);

/** The "function in development" screen of a route without a page file (SPEC.md section 2). */
function pendingLoader(path: RoutePath): PageLoader {
  const entry = findRoute(path)!;
  const Pending = () => {
    const { i18n } = useLingui();
    return (
      <Suspense fallback={null}>
        <FunctionInDevelopment title={i18n._(entry.title)} isTab={entry.tab !== undefined} />
      </Suspense>
    );
  };
  Pending.displayName = `Pending(${path})`;
  return () => Promise.resolve({ default: Pending });
}

/** Each route's loader, one function per path: LazyPage remembers loaded chunks by it. */
const pageLoaders = new Map<string, PageLoader>();
for (const path of ROUTE_PATHS) {
  const load = loaderFor(path, pendingLoader(path));
  pageLoaders.set(path, HOME_PATHS.has(path) ? load : withAntd(load));
}

// The tables of the other pages and of their catalogs load once the first screen is up, before
// anyone navigates.
void afterFirstScreen()
  .then(() => Promise.all([preloadPageTable(), preloadFeatureCatalogs()]))
  .catch((error: unknown) => console.warn('page table not preloaded; it loads on the first navigation', error));

/**
 * Starts loading the page chunk of `path` (the location the app opens at) and the catalogs it
 * waits for, so the first render can show the page at once instead of loading it after the frame
 * has rendered. A failure is left to the page's own loading and error placeholder.
 */
export function preloadPage(path: string): Promise<void> {
  const load = pageLoaders.get(path);
  if (!load) return Promise.resolve();
  preloadCatalogs(toLocale(appStore.get(languageAtom)), catalogsOf(path)).catch((error: unknown) =>
    console.warn(`catalogs of ${path} not preloaded; the page loads them itself`, error),
  );
  return loadChunk(path, load).then(
    () => undefined,
    (error: unknown) => console.warn(`page ${path} could not preload`, error),
  );
}

/** Every route's page loads lazily: its file, or the "function in development" screen. */
function componentFor(path: RoutePath): () => React.ReactNode {
  const load = pageLoaders.get(path)!;
  const Page = () => <LazyPage key={path} chunk={path} load={load} />;
  Page.displayName = `Page(${path})`;
  return Page;
}

type SearchSchemaOf<P extends RoutePath> = P extends keyof SearchSchemas ? SearchSchemas[P] : undefined;

const searchSchemaOf = <P extends RoutePath>(path: P) =>
  (searchSchemas as Partial<Record<RoutePath, SearchSchemas[keyof SearchSchemas]>>)[path] as SearchSchemaOf<P>;

/** Issue 14: a signed-in visitor never sees the login form; they go on to where they were going. */
function leaveLoginWhenSignedIn({ search }: { search: unknown }) {
  if (!appStore.get(tokenAtom)) return;
  const { redirect: href } = searchSchemas[pages.common.login].parse(search);
  throw redirect({ href: href ?? pages.home, replace: true });
}

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound });

/** The back-office console (outside SPEC.md's routes): its own chunk, never part of the first route. */
const loadConsole: PageLoader = withAntd(() => import('@/features/admin').then((m) => ({ default: m.Console })));
const ConsolePage = () => <LazyPage chunk="/admin" load={loadConsole} />;
const consoleRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: ConsolePage });
const consoleSectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/$key',
  component: ConsolePage,
});

/** One typed route per path: its literal path, its search schema, its page. */
function pageRoute<const P extends RoutePath, V extends SearchSchemaOf<P>>(path: P, validateSearch: V) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: componentFor(path),
    validateSearch,
    beforeLoad: path === pages.common.login ? leaveLoginWhenSignedIn : undefined,
  });
}

/**
 * The app's router, hash routing under the Vite base /h5/ (the server only ever serves the shell).
 * Built on demand rather than when this module loads: laying out the tree of every route is a
 * few milliseconds of a phone's main thread that main.tsx runs in a task of its own, apart from
 * evaluating the first route's modules.
 */
export function createAppRouter() {
  // Built from the path list at run time; the type spells out the same routes one by one, which
  // is what lets TanStack Router check every `to` and `search`.
  const pageRoutes = Object.fromEntries(
    ROUTE_PATHS.map((path) => [path, pageRoute(path, searchSchemaOf(path))]),
  ) as unknown as {
    [P in RoutePath]: ReturnType<typeof pageRoute<P, SearchSchemaOf<P>>>;
  };
  const routeTree = rootRoute.addChildren({ ...pageRoutes, consoleRoute, consoleSectionRoute });
  return createRouter({
    routeTree,
    history: createHashHistory(),
    defaultNotFoundComponent: NotFound,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
