import type { RequestOf, ResponseOf } from '@contract/define';
import { newTimeshar } from '@contract/market';
import { microLists, microResult, microSeconds, microSubmit, payableCurrencies } from '@contract/seconds';
import { fetchBoard } from '@/lib/board';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export type MicroPage = ResponseOf<typeof microLists>;

/** The pairs come from the quote board, one request however many parts of the screen ask. */
export const fetchPairs = fetchBoard;
export const fetchDurations = () => call(microSeconds, {}, quiet);
export const fetchPayable = () => call(payableCurrencies, {}, quiet);
export const fetchMicroOrders = (data: RequestOf<typeof microLists>) => call(microLists, data, quiet);
export const fetchResult = (id: number) => call(microResult, { id }, quiet);
export const fetchCandles = (symbol: string, from: number, to: number) =>
  call(newTimeshar, { symbol, period: '1min', from, to }, quiet);

/** Opens a contract; refusals (stale feed, limits, balance, the house's cap) are shown by the HTTP client. */
export const sendContract = (data: RequestOf<typeof microSubmit>, idempotencyKey: string) =>
  call(microSubmit, data, { idempotencyKey });
