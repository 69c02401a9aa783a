import { currencySymbol, type SpotOrderChange } from '../push/events';
import { PAIRS } from './pairs';
import { toStoredOrder } from './state';
import type { BatchWork } from './work';

/** The users' orders a batch changed, as the notices of its fills and cancels need them (not the maker's). */
export function orderChanges(work: BatchWork): SpotOrderChange[] {
  const traded = new Set(work.trades.flatMap((t) => [t.takerOrderId, t.makerOrderId]));
  const changes: SpotOrderChange[] = [];
  for (const o of work.orders.values()) {
    if (o.owner === 'maker') continue;
    const pair = PAIRS.get(o.pairId)!;
    const stored = toStoredOrder(pair, o);
    changes.push({
      id: o.id,
      userId: o.owner,
      pair: pair.symbol,
      side: o.side,
      status: o.status,
      cancelReason: o.cancelReason,
      filledQty: stored.filledQty,
      filledValue: stored.filledValue,
      currency: currencySymbol(pair.settleId),
      traded: traded.has(o.id),
    });
  }
  return changes;
}
