import { createHashHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { FunctionInDevelopment } from '@/components/FunctionInDevelopment';
import { LazyPage } from '@/components/LazyPage';
import { allRoutes, loaderFor, type RouteEntry } from '@/routes/registry';
import { NotFound } from './NotFound';
import { RootLayout } from './RootLayout';

/** An implemented page loads lazily from its file; any other route says "function in development". */
function componentFor(entry: RouteEntry): () => React.ReactNode {
  const load = loaderFor(entry.path);
  if (load) {
    const Page = () => <LazyPage key={entry.path} chunk={entry.path} load={load} />;
    Page.displayName = `Page(${entry.path})`;
    return Page;
  }
  const Pending = () => {
    const { i18n } = useLingui();
    return <FunctionInDevelopment title={i18n._(entry.title)} isTab={entry.tab !== undefined} />;
  };
  Pending.displayName = `Pending(${entry.path})`;
  return Pending;
}

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound });

const routeTree = rootRoute.addChildren(
  allRoutes().map((entry) =>
    createRoute({ getParentRoute: () => rootRoute, path: entry.path, component: componentFor(entry) }),
  ),
);

/** Hash routing under the Vite base /h5/: the server only ever serves the shell. */
export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  defaultNotFoundComponent: NotFound,
  scrollRestoration: false,
});
