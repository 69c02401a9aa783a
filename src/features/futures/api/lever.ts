import type { RequestOf } from '@contract/define';
import {
  leverBatchClose,
  leverCancel,
  leverClose,
  leverDeal,
  leverMyTrade,
  leverSetStop,
  leverSubmit,
} from '@contract/futures';
import { fetchBoard } from '@/lib/board';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

/** The pairs come from the quote board, one request however many parts of the screen ask. */
export const fetchPairs = fetchBoard;
export const fetchTerms = (currency_id: number, legal_id: number) => call(leverDeal, { currency_id, legal_id }, quiet);
export const fetchPositions = (data: RequestOf<typeof leverMyTrade>) => call(leverMyTrade, data, quiet);

/** Money-moving calls: errors (balance, price, stops …) are shown by the HTTP client. */
export const sendOpen = (data: RequestOf<typeof leverSubmit>, idempotencyKey: string) =>
  call(leverSubmit, data, { idempotencyKey });
export const sendClose = (id: number, idempotencyKey: string) => call(leverClose, { id }, { idempotencyKey });
export const sendCancel = (id: number, idempotencyKey: string) => call(leverCancel, { id }, { idempotencyKey });
export const sendStops = (data: RequestOf<typeof leverSetStop>, idempotencyKey: string) =>
  call(leverSetStop, data, { idempotencyKey });
export const sendBatchClose = (data: RequestOf<typeof leverBatchClose>, idempotencyKey: string) =>
  call(leverBatchClose, data, { idempotencyKey });
