import { useCallback } from 'react';
import { useNavigate, useRouterState, type NavigateOptions } from '@tanstack/react-router';
import { pages, type RoutePath } from './paths';
import { isSafeRedirect } from './redirect';
import type { SearchInput, SearchSchemas } from './search';

/**
 * A place to go: a registered route and, for routes that take them, its search parameters.
 * Features hold targets in data (entry lists) and props (`onNavigate`); a wrong path or an
 * unknown search field is a type error here, before the router ever sees it.
 */
export type NavTarget = {
  [P in RoutePath]: P extends keyof SearchSchemas ? { to: P; search?: SearchInput<P> } : { to: P; search?: never };
}[RoutePath];

/** What `onNavigate` props take: a route, or a route with its search parameters. */
export type GoTo = NavTarget | RoutePath;

/** `go(target)` / `go(target, {replace: true})`: navigation by typed target. */
export function useGo() {
  const navigate = useNavigate();
  return useCallback(
    (target: GoTo, options: { replace?: boolean } = {}) => {
      const { to, search } = typeof target === 'string' ? { to: target, search: undefined } : target;
      // NavTarget is already checked per route; the router's own option type cannot follow a union of all of them.
      void navigate({ to, search, replace: options.replace } as NavigateOptions);
    },
    [navigate],
  );
}

/** The login screen, coming back here once signed in (issue 14). */
export function loginTarget(currentHref: string): NavTarget {
  return { to: pages.common.login, search: isSafeRedirect(currentHref) ? { redirect: currentHref } : {} };
}

/** Goes to login; after signing in the user returns to the page that sent them. */
export function useGoLogin() {
  const go = useGo();
  const href = useRouterState({ select: (s) => s.location.href });
  return useCallback(() => go(loginTarget(href)), [go, href]);
}
