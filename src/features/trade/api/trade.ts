import type { RequestOf, ResponseOf } from '@contract/define';
import { cancelOrder, orderBook, orderDetail, orderList, placeOrder } from '@contract/trade';
import { walletList } from '@contract/wallet';
import { fetchBoard } from '@/lib/board';
import { call } from '@/lib/http';
import { takeBook } from '../prefetch';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export type BookReply = ResponseOf<typeof orderBook>;
export type OrderPage = ResponseOf<typeof orderList>;
export type OrderWithFills = ResponseOf<typeof orderDetail>;

/** The pairs come from the quote board, one request however many parts of the screen ask. */
export const fetchPairs = fetchBoard;
/** The book; the one started at start-up for the opening pair is taken first (`prefetch.ts`). */
export const fetchBook = takeBook;
export const fetchOrders = (data: RequestOf<typeof orderList>) => call(orderList, data, quiet);
export const fetchOrderDetail = (id: number) => call(orderDetail, { id });
export const fetchBalances = (currency_code: string) => call(walletList, { currency_code }, quiet);

/** Places an order; errors (off the tick, balance, market closed …) are shown by the HTTP client. */
export const sendOrder = (data: RequestOf<typeof placeOrder>, idempotencyKey: string) =>
  call(placeOrder, data, { idempotencyKey });
export const sendCancel = (id: number, idempotencyKey: string) => call(cancelOrder, { id }, { idempotencyKey });
