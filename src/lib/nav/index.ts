export { isRoutePath, pages, ROUTE_PATHS, type RoutePath } from './paths';
export {
  DEFAULT_SYMBOL,
  isSafeRedirect,
  searchSchemas,
  SELECT_NEXT,
  TRADE_TABS,
  type SearchInput,
  type SearchOutput,
  type SearchSchemas,
  type SelectNext,
} from './search';
export { TABS, type TabKey } from './tabs';
export { loginTarget, useGo, useGoLogin, type GoTo, type NavTarget } from './target';
