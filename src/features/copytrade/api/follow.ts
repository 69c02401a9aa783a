import type { RequestOf } from '@contract/define';
import {
  followApply,
  followCancel,
  followCurrentTrade,
  followFollow,
  followHistoryTrade,
  followIndex,
  followMyApplication,
  followMyFollows,
  followSelfHolding,
  followTerms,
  followTraderDetail,
} from '@contract/copytrade';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const fetchTraders = (page: number, limit: number) => call(followIndex, { page, limit }, quiet);
export const fetchTrader = (trader_id: number) => call(followTraderDetail, { trader_id }, quiet);
export const fetchFollows = (status: 1 | 2, page: number, limit: number) =>
  call(followMyFollows, { status, page, limit }, quiet);
export const fetchOpenCopies = (page: number, limit: number) => call(followCurrentTrade, { page, limit }, quiet);
export const fetchPastCopies = (page: number, limit: number) => call(followHistoryTrade, { page, limit }, quiet);
export const fetchApplication = () => call(followMyApplication, {}, quiet);
export const fetchCopyTerms = () => call(followTerms, {}, quiet);

/** Money-moving and state-changing calls: errors are shown by the HTTP client. */
export const sendFollow = (data: RequestOf<typeof followFollow>, idempotencyKey: string) =>
  call(followFollow, data, { idempotencyKey });
export const sendCancel = (id: number, idempotencyKey: string) => call(followCancel, { id }, { idempotencyKey });
export const sendSelfHolding = (id: number, idempotencyKey: string) =>
  call(followSelfHolding, { id }, { idempotencyKey });
export const sendApply = (introduction: string, idempotencyKey: string) =>
  call(followApply, { introduction }, { idempotencyKey });
