import {
  fiatRates,
  hotSearch,
  marketDetail,
  marketSearch,
  newTimeshar,
  optionalList,
  quotationNew,
} from '@contract/market';
import type { Period } from '@contract/market-events';
import { call } from '@/lib/http';

// Background refreshes are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const fetchQuotation = () => call(quotationNew, {}, quiet);
export const fetchHotSearch = () => call(hotSearch, {}, quiet);
export const searchPairs = (keyword: string, signal?: AbortSignal) =>
  call(marketSearch, { keyword }, { ...quiet, signal });
export const fetchPairDetail = (symbol: string) => call(marketDetail, { symbol }, quiet);
export const fetchCandles = (symbol: string, period: Period, from: number, to: number) =>
  call(newTimeshar, { symbol, period, from, to }, quiet);
export const fetchFavorites = () => call(optionalList, {}, quiet);
export const fetchFiatRates = () => call(fiatRates, {}, quiet);
