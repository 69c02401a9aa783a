import { createHashHistory, createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { FunctionInDevelopment } from '@/components/FunctionInDevelopment';
import { LazyPage } from '@/components/LazyPage';
import { pages, ROUTE_PATHS, searchSchemas, type RoutePath, type SearchSchemas } from '@/lib/nav';
import { appStore, tokenAtom } from '@/lib/state';
import { findRoute, loaderFor } from '@/routes/registry';
import { NotFound } from './NotFound';
import { RootLayout } from './RootLayout';

/** An implemented page loads lazily from its file; any other route says "function in development". */
function componentFor(path: RoutePath): () => React.ReactNode {
  const load = loaderFor(path);
  if (load) {
    const Page = () => <LazyPage key={path} chunk={path} load={load} />;
    Page.displayName = `Page(${path})`;
    return Page;
  }
  const entry = findRoute(path)!;
  const Pending = () => {
    const { i18n } = useLingui();
    return <FunctionInDevelopment title={i18n._(entry.title)} isTab={entry.tab !== undefined} />;
  };
  Pending.displayName = `Pending(${path})`;
  return Pending;
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

// Built from the path list at run time; the type spells out the same routes one by one, which is
// what lets TanStack Router check every `to` and `search`.
const pageRoutes = Object.fromEntries(
  ROUTE_PATHS.map((path) => [path, pageRoute(path, searchSchemaOf(path))]),
) as unknown as {
  [P in RoutePath]: ReturnType<typeof pageRoute<P, SearchSchemaOf<P>>>;
};

const routeTree = rootRoute.addChildren(pageRoutes);

/** Hash routing under the Vite base /h5/: the server only ever serves the shell. */
export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  defaultNotFoundComponent: NotFound,
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
