import type { MessageDescriptor } from '@lingui/core';
import type { SearchValidator } from './search-kit';

// Validators are only read through their own types; `any` lets one map hold all of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyValidator = SearchValidator<any, any>;

/**
 * The routes of one group, `/pages/<name>/<page>`: each page's title (a page without a screen
 * shows it as "function in development") and, for pages that take them, the search parameters.
 * A product declares its group in `routes/<name>.ts`; `paths.ts` collects the groups.
 */
export interface RouteGroup<
  G extends string = string,
  T extends Record<string, MessageDescriptor> = Record<string, MessageDescriptor>,
  S extends Partial<Record<keyof T, AnyValidator>> = Partial<Record<keyof T, AnyValidator>>,
> {
  readonly name: G;
  /** `pages.<name>.<page>`: the page's path as a literal type. */
  readonly paths: { readonly [K in keyof T & string]: `/pages/${G}/${K}` };
  readonly titles: { readonly [K in keyof T & string as `/pages/${G}/${K}`]: MessageDescriptor };
  readonly search: { readonly [K in keyof S & string as `/pages/${G}/${K}`]: S[K] };
}

const keyed = <V>(name: string, entries: Record<string, V>) =>
  Object.fromEntries(Object.entries(entries).map(([page, v]) => [`/pages/${name}/${page}`, v]));

export function routeGroup<
  const G extends string,
  const T extends Record<string, MessageDescriptor>,
  const S extends Partial<Record<keyof T, AnyValidator>> = Record<never, never>,
>(name: G, titles: T, search?: S): RouteGroup<G, T, S> {
  const pagesOf = Object.fromEntries(Object.keys(titles).map((page) => [page, `/pages/${name}/${page}`]));
  return {
    name,
    paths: pagesOf as RouteGroup<G, T, S>['paths'],
    titles: keyed(name, titles) as RouteGroup<G, T, S>['titles'],
    search: keyed(name, search ?? {}) as RouteGroup<G, T, S>['search'],
  };
}
