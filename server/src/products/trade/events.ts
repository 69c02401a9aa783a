import { ORDER_EVENT, type OrderEvent } from '@contract/user-events';
import type { CommittedBatch } from '../../trading/types';
import { instrumentOf } from './service';

/**
 * The private `order` events of one committed batch: one per changed order of a user (the maker's
 * orders have no room). Sent only after the commit, so a screen that refetches finds the change.
 */
export function orderEvents(batch: CommittedBatch): { userId: number; event: OrderEvent }[] {
  const out: { userId: number; event: OrderEvent }[] = [];
  for (const o of batch.orders) {
    if (typeof o.owner !== 'number') continue;
    out.push({
      userId: o.owner,
      event: { type: ORDER_EVENT, id: o.id, symbol: instrumentOf(o.pairId).symbol, status: o.status },
    });
  }
  return out;
}
