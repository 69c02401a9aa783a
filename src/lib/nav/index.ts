export { isRoutePath, pages, ROUTE_PATHS, ROUTE_TITLES, searchSchemas, type RoutePath } from './paths';
export { isSafeRedirect } from './redirect';
export type { SearchInput, SearchOutput, SearchSchemas } from './search';
export { DEFAULT_SYMBOL } from './search-kit';
export { KEFU_VIEWS, type KefuView } from './routes/kefu';
export { SETTING_VIEWS, SHARE_VIEWS, type SettingView, type ShareView } from './routes/setting';
export { SELECT_NEXT, type SelectNext } from './routes/fund';
export {
  ENTRUST_TABS,
  FUTURES_ORDER_TABS,
  ORDER_SIDES,
  SECONDS_ORDER_TABS,
  TRADE_TABS,
  type EntrustTab,
  type FuturesOrderTab,
  type OrderSide,
  type SecondsOrderTab,
  type TradeTab,
} from './routes/transaction';
export { COPY_TABS, type CopyTab } from './routes/copytrade';
export { INVEST_STATES, type InvestState } from './routes/invest';
export { NFT_MINE_TABS, type NftMineTab } from './routes/nft';
export { RECORD_TABS, type RecordSearch, type RecordTab } from './routes/proof';
export { TABS, type TabKey } from './tabs';
export { loginTarget, useGo, useGoLogin, type GoTo, type NavTarget } from './target';
