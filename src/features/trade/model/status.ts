import type { Order } from '@contract/trade';
import { toDecimal } from '@/lib/format';

/**
 * How an order ended, in the user's terms. The server ends a market buy whose budget is not a
 * whole number of lots as `cancelled` (`market_remainder`) after filling it: to the user that is
 * filled, with the unspent part returned, not a cancellation.
 */
export type OrderOutcome =
  'placed' | 'partial' | 'filled' | 'filled_rest_returned' | 'partly_filled_rest_cancelled' | 'cancelled';

export function outcomeOf(order: Pick<Order, 'status' | 'filled' | 'cancel_reason'>): OrderOutcome {
  const filled = toDecimal(order.filled)?.gt(0) ?? false;
  switch (order.status) {
    case 'open':
      return 'placed';
    case 'partial':
      return 'partial';
    case 'filled':
      return 'filled';
    case 'cancelled':
      if (!filled) return 'cancelled';
      return order.cancel_reason === 'market_remainder' ? 'filled_rest_returned' : 'partly_filled_rest_cancelled';
  }
}
