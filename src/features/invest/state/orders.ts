import type { DualOrder, DualState } from '@contract/invest';
import { useHoldings } from '@/lib/holdings';
import { fetchOrders } from '../api/dual';

const PAGE = 10;

/** The user's orders of one state, stored offline as product 'dual'. */
export function useDualOrders(state: DualState) {
  return useHoldings<DualOrder>({
    product: 'dual',
    states: [state],
    fetchPage: (page) => fetchOrders(state, page, PAGE),
    keyOf: (o) => ({ id: o.id, state: o.state, createdAt: o.created_at }),
  });
}
