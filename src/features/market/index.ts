export { MarketPage, PAIR_PAGE } from './MarketPage';
export { SearchPage } from './SearchPage';
export { PairPage } from './PairPage';
