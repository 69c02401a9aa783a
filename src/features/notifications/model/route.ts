import { isRoutePath, type NavTarget } from '@/lib/nav';

/**
 * The navigation target of a notification's stored route (`/pages/...?a=b`), or undefined when
 * the path is not one of the app's routes. The route's own search validator checks the query.
 */
export function routeTarget(route: string | undefined): NavTarget | undefined {
  if (!route) return undefined;
  const url = new URL(route, 'http://app.invalid');
  if (url.origin !== 'http://app.invalid' || !isRoutePath(url.pathname)) return undefined;
  const search = Object.fromEntries(url.searchParams);
  return { to: url.pathname, search } as NavTarget;
}
