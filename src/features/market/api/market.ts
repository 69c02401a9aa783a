import type { fiatRates, hotSearch, marketDetail, marketSearch, newTimeshar, optionalList } from '@contract/market';
import type { Period } from '@contract/market-events';
import { call, endpointRef } from '@/lib/http';
import { quotationEndpoint } from './quotation';

export { fetchQuotation } from './quotation';

/**
 * Schema-free references to the contract's entries (the client reads replies without parsing
 * them either way): the market screens then load neither zod nor the contract's schemas, which
 * were a fifth of the market tab's script and of its start-up work. endpoints.test.ts keeps them
 * in step with the contract.
 */
export const marketEndpoints = {
  quotationNew: quotationEndpoint,
  marketSearch: endpointRef<typeof marketSearch>('GET', '/currency/search'),
  hotSearch: endpointRef<typeof hotSearch>('GET', '/currency/hot_search'),
  marketDetail: endpointRef<typeof marketDetail>('GET', '/currency/detail'),
  newTimeshar: endpointRef<typeof newTimeshar>('GET', '/currency/new_timeshar'),
  optionalList: endpointRef<typeof optionalList>('GET', '/optional/list'),
  fiatRates: endpointRef<typeof fiatRates>('GET', '/fiat/rates'),
};
const ref = marketEndpoints;

// Background refreshes are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const fetchHotSearch = () => call(ref.hotSearch, {}, quiet);
export const searchPairs = (keyword: string, signal?: AbortSignal) =>
  call(ref.marketSearch, { keyword }, { ...quiet, signal });
export const fetchPairDetail = (symbol: string) => call(ref.marketDetail, { symbol }, quiet);
export const fetchCandles = (symbol: string, period: Period, from: number, to: number) =>
  call(ref.newTimeshar, { symbol, period, from, to }, quiet);
export const fetchFavorites = () => call(ref.optionalList, {}, quiet);
export const fetchFiatRates = () => call(ref.fiatRates, {}, quiet);
