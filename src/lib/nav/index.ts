export { isRoutePath, pages, ROUTE_PATHS, type RoutePath } from './paths';
export {
  COPY_TABS,
  INVEST_STATES,
  DEFAULT_SYMBOL,
  ENTRUST_TABS,
  FUTURES_ORDER_TABS,
  isSafeRedirect,
  NFT_MINE_TABS,
  searchSchemas,
  SELECT_NEXT,
  SECONDS_ORDER_TABS,
  SETTING_VIEWS,
  TRADE_TABS,
  type CopyTab,
  type InvestState,
  type NftMineTab,
  type SearchInput,
  type SearchOutput,
  type SearchSchemas,
  type SelectNext,
  type EntrustTab,
  type FuturesOrderTab,
  type SecondsOrderTab,
  type SettingView,
  type TradeTab,
} from './search';
export { TABS, type TabKey } from './tabs';
export { loginTarget, useGo, useGoLogin, type GoTo, type NavTarget } from './target';
