import { AppError } from '../errors';
import type { CommittedBatch, NewOrder, OrderOwner, StoredOrder, TradingCore } from '../trading/types';

/**
 * A trading core that rests every order and matches nothing, for tests of code that only places,
 * cancels and listens (the maker, the order events). `fill(id)` plays a full fill of a resting order.
 */
export interface FakeCore extends TradingCore {
  orders: Map<number, StoredOrder>;
  placed: NewOrder[];
  fill(id: number): void;
}

export function fakeCore(): FakeCore {
  const orders = new Map<number, StoredOrder>();
  const placed: NewOrder[] = [];
  const listeners = new Set<(b: CommittedBatch) => void>();
  let nextId = 1;
  const emit = (b: CommittedBatch) => {
    for (const l of listeners) l(b);
  };
  const at = new Date(0);
  return {
    orders,
    placed,
    async start() {},
    async stop() {},
    // Orders are taken at once: nothing ever waits.
    waiting: 0,
    async place(o) {
      placed.push(o);
      const order: StoredOrder = {
        id: nextId++,
        owner: o.owner,
        pairId: o.pairId,
        side: o.side,
        type: o.type,
        price: o.price === null ? null : String(o.price),
        qty: o.qty === null ? null : String(o.qty),
        budget: null,
        filledQty: '0',
        filledValue: '0',
        fee: '0',
        status: 'open',
        cancelReason: null,
        createdAt: at,
        updatedAt: at,
      };
      orders.set(order.id, order);
      await Promise.resolve();
      emit({ pairId: o.pairId, orders: [order], trades: [] });
      return order;
    },
    async cancel(owner: OrderOwner, id: number) {
      const order = orders.get(id);
      if (!order || order.owner !== owner) throw new AppError('order_not_found', { field: 'id' });
      if (order.status !== 'open' && order.status !== 'partial') throw new AppError('order_not_open');
      const cancelled: StoredOrder = { ...order, status: 'cancelled', cancelReason: 'user' };
      orders.set(id, cancelled);
      await Promise.resolve();
      emit({ pairId: order.pairId, orders: [cancelled], trades: [] });
      return cancelled;
    },
    // The maker places without idempotency keys, so no answer is ever stored for it.
    answered: async () => undefined,
    depth: () => ({ bids: [], asks: [] }),
    recentTrades: () => [],
    onCommitted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fill(id) {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      const filled: StoredOrder = { ...order, status: 'filled', filledQty: order.qty ?? '0' };
      orders.set(id, filled);
      emit({
        pairId: order.pairId,
        orders: [filled],
        trades: [
          {
            id,
            pairId: order.pairId,
            takerOrderId: 0,
            makerOrderId: id,
            takerOwner: 1,
            makerOwner: order.owner,
            takerSide: order.side === 'buy' ? 'sell' : 'buy',
            price: order.price ?? '0',
            qty: order.qty ?? '0',
            value: '0',
            createdAt: at,
          },
        ],
      });
    },
  };
}
