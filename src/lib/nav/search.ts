import type { searchSchemas } from './paths';

export type SearchSchemas = typeof searchSchemas;
/** What navigating to a route may pass as `search`. */
export type SearchInput<P extends keyof SearchSchemas> = NonNullable<SearchSchemas[P]['~standard']['types']>['input'];
/** What a route's page reads from its validated search. */
export type SearchOutput<P extends keyof SearchSchemas> = ReturnType<SearchSchemas[P]['parse']>;
