import { Decimal } from 'decimal.js';
import type { MicroListState, MicroOrder, MicroResult } from '@contract/seconds';

/** An order as stored, with the time its copy arrived (the countdown runs from it). */
export interface StoredOrder {
  order: MicroOrder;
  savedAt: number;
}

/** Holding orders soonest expiry first; history newest settlement first (as the server pages them). */
export function sortOrders(rows: StoredOrder[], state: MicroListState): StoredOrder[] {
  const copy = [...rows];
  if (state === 'holding') return copy.sort((a, b) => a.order.end_at - b.order.end_at || a.order.id - b.order.id);
  return copy.sort(
    (a, b) =>
      (b.order.settled_at ?? b.order.end_at) - (a.order.settled_at ?? a.order.end_at) || b.order.id - a.order.id,
  );
}

export type Direction = 'up' | 'down';
export const directionOf = (o: Pick<MicroOrder, 'type'>): Direction => (o.type === 2 ? 'down' : 'up');

/**
 * Win, tie or loss from the two feed prices and the direction (the contract's rule). The screen
 * shows the server's `result`; the browser test checks that it is the one the prices give.
 */
export function resultFromPrices(direction: Direction, openPrice: string, endPrice: string): MicroResult {
  const cmp = new Decimal(endPrice).comparedTo(openPrice);
  if (cmp === 0) return 'tie';
  return cmp > 0 === (direction === 'up') ? 'win' : 'loss';
}
