import { buyDual, dualDetail, dualIndex, dualList, type DualState } from '@contract/invest';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const fetchProducts = (currency_id: number | undefined) =>
  call(dualIndex, currency_id ? { currency_id, type: 'call' } : { type: 'call' }, quiet);
export const fetchProduct = (id: number) => call(dualDetail, { id }, quiet);
export const fetchOrders = (state: DualState, page: number, limit: number) =>
  call(dualList, { state, page, limit }, quiet);

/** Money moves: errors are shown by the HTTP client. */
export const sendBuy = (id: number, num: number, idempotencyKey: string) =>
  call(buyDual, { id, num: String(num) }, { idempotencyKey });
