import { priceOf, qtyOf, valueOf, type PairSpec } from '../pairs';
import type { ConditionalState, StoredConditional } from './types';

/** A trailing percentage kept in 1/100 % as its decimal ("1.25"). */
export const percentOf = (bps: number): string => (bps / 100).toFixed(2).replace(/\.?0+$/, '');

export function toStoredConditional(pair: PairSpec, c: ConditionalState): StoredConditional {
  const price = (v: number | null) => (v === null ? null : priceOf(pair, v));
  return {
    id: c.id,
    owner: c.owner,
    pairId: c.pairId,
    kind: c.kind,
    side: c.side,
    triggerPrice: priceOf(pair, c.triggerPrice),
    above: c.above,
    price: price(c.price),
    qty: c.qty === null ? null : qtyOf(pair, c.qty),
    budget: c.budget === null ? null : valueOf(pair, c.budget),
    trailDistance: price(c.trailTicks),
    trailPercent: c.trailBps === null ? null : percentOf(c.trailBps),
    bestPrice: price(c.bestPrice),
    limitPrice: price(c.limitPrice),
    status: c.status,
    orderId: c.orderId,
    limitOrderId: c.limitOrderId,
    triggerTradeId: c.triggerTradeId,
    triggeredAt: c.triggeredAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
