import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook, type Command, type EngineEvent, type RestingOrder } from './index';

// Few ids, owners and prices, so duplicates, cancels of finished orders, self-trades and deep
// levels all happen in short sequences.
const orderId = fc.integer({ min: 1, max: 40 });
const owner = fc.constantFrom<number | string>(1, 2, 3, 'maker');
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const price = fc.integer({ min: 95, max: 105 });
const qty = fc.integer({ min: 1, max: 8 });

const limitCmd = fc.record(
  {
    type: fc.constant('limit' as const),
    orderId,
    owner,
    side,
    price,
    qty,
    ioc: fc.boolean(),
    postOnly: fc.boolean(),
  },
  { requiredKeys: ['type', 'orderId', 'owner', 'side', 'price', 'qty'] },
);
const marketQtyCmd = fc.record({ type: fc.constant('market' as const), orderId, owner, side, qty });
const marketBudgetCmd = fc.record({
  type: fc.constant('market' as const),
  orderId,
  owner,
  side: fc.constant('buy' as const),
  budget: fc.integer({ min: 1, max: 1500 }),
});
const cancelCmd = fc.record({ type: fc.constant('cancel' as const), orderId });
const invalidCmd = fc.record({
  type: fc.constant('limit' as const),
  orderId,
  owner,
  side,
  price: fc.constantFrom(0, -3, 100.5, Number.NaN),
  qty,
});

const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: limitCmd, weight: 12 },
  { arbitrary: marketQtyCmd, weight: 2 },
  { arbitrary: marketBudgetCmd, weight: 2 },
  { arbitrary: cancelCmd, weight: 6 },
  { arbitrary: invalidCmd, weight: 1 },
);
const commands = fc.array(command, { maxLength: 150 });

const totalLots = (orders: RestingOrder[]) => orders.reduce((sum, o) => sum + o.qty, 0);

/** Depth recomputed from the resting orders, to check the per-level totals the book keeps. */
function depthOf(orders: RestingOrder[]) {
  const sum = (s: 'buy' | 'sell') => {
    const levels = new Map<number, number>();
    for (const o of orders) if (o.side === s) levels.set(o.price, (levels.get(o.price) ?? 0) + o.qty);
    return [...levels].sort(([a], [b]) => (s === 'buy' ? b - a : a - b));
  };
  return { bids: sum('buy'), asks: sum('sell') };
}

/**
 * Checks one command's events against the book as it was before: the makers met are exactly
 * the other side's orders in priority order (own orders cancelled, not traded), matching
 * stopped for a reason, the book is not crossed, and lots are conserved.
 */
function checkCommand(cmd: Command, before: RestingOrder[], events: EngineEvent[], book: OrderBook, seq: number) {
  events.forEach((e, i) => expect(e.seq).toBe(seq + 1 + i));
  const after = book.resting();
  const bid = book.bestBid();
  const ask = book.bestAsk();
  if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
  expect(book.depth(1000)).toEqual(depthOf(after));
  expect(book.size).toBe(after.length);

  let traded = 0;
  let cancelled = 0;
  for (const e of events) {
    if (e.type === 'trade') traded += e.qty;
    if (e.type === 'cancelled') cancelled += e.remainingQty;
  }
  const first = events[0]!;
  if (first.type !== 'accepted') {
    expect(events).toHaveLength(1);
    if (first.type === 'rejected') expect(after).toEqual(before);
    else expect(totalLots(before)).toBe(totalLots(after) + cancelled);
    return;
  }
  if (cmd.type === 'cancel') throw new Error('a cancel is never accepted');
  // Lots in = lots out: each trade takes its lots from the taker and from a maker.
  const takerLots = first.qty ?? traded;
  expect(totalLots(before) + takerLots).toBe(totalLots(after) + 2 * traded + cancelled);

  const isBuy = cmd.side === 'buy';
  const queue = before.filter((o) => o.side !== cmd.side).map((o) => ({ ...o }));
  const limitPrice = cmd.type === 'limit' ? cmd.price : null;
  const crosses = (p: number) => limitPrice === null || (isBuy ? p <= limitPrice : p >= limitPrice);
  let left = first.qty ?? Number.MAX_SAFE_INTEGER;
  let budgetLeft = first.budget;
  for (const e of events.slice(1)) {
    if (e.type === 'trade') {
      const maker = queue[0]!;
      expect(e.makerOrderId).toBe(maker.orderId);
      expect(e.makerOwner).not.toBe(cmd.owner);
      expect(e.price).toBe(maker.price);
      expect(crosses(e.price)).toBe(true);
      expect(e.qty).toBeLessThanOrEqual(maker.qty);
      expect(e).toMatchObject({ takerOrderId: cmd.orderId, takerOwner: cmd.owner, takerSide: cmd.side });
      maker.qty -= e.qty;
      left -= e.qty;
      if (budgetLeft !== null) budgetLeft -= e.qty * e.price;
    } else if (e.type === 'cancelled' && e.reason === 'self_trade') {
      expect(e.orderId).toBe(queue[0]!.orderId);
      expect(e.owner).toBe(cmd.owner);
      expect(e.remainingQty).toBe(queue.shift()!.qty);
    } else if (e.type === 'done' && e.orderId !== cmd.orderId) {
      expect(queue.shift()).toMatchObject({ orderId: e.orderId, qty: 0 });
    }
  }
  expect(left).toBeGreaterThanOrEqual(0);
  const last = events.at(-1)!;
  const takerEnded = last.type !== 'trade' && 'orderId' in last && last.orderId === cmd.orderId;
  if (takerEnded && last.type === 'cancelled' && last.reason === 'post_only') {
    expect(events).toHaveLength(2);
    expect(queue.length > 0 && crosses(queue[0]!.price)).toBe(true);
    return;
  }
  // Matching stops only when the taker is spent or the next maker is out of reach.
  const next = queue[0];
  const spent = budgetLeft !== null ? next === undefined || budgetLeft < next.price : left === 0;
  expect(left === 0 || spent || next === undefined || !crosses(next.price)).toBe(true);
  if (budgetLeft !== null) {
    expect(budgetLeft).toBeGreaterThanOrEqual(0);
    expect(last).toMatchObject(
      budgetLeft === 0
        ? { type: 'done' }
        : { type: 'cancelled', reason: 'market_remainder', remainingBudget: budgetLeft },
    );
  } else if (left === 0) {
    expect(last).toMatchObject({ type: 'done', orderId: cmd.orderId });
  } else if (cmd.type === 'market' || cmd.ioc === true) {
    expect(last).toMatchObject({ type: 'cancelled', orderId: cmd.orderId, remainingQty: left });
    expect(book.get(cmd.orderId)).toBeUndefined();
  } else {
    expect(book.get(cmd.orderId)).toEqual({
      orderId: cmd.orderId,
      owner: cmd.owner,
      side: cmd.side,
      price: cmd.price,
      qty: left,
    });
  }
}

/** Per order: filled + resting + cancelled = its quantity, and a done order is fully filled. */
class OrderLedger {
  private readonly orders = new Map<number, { qty: number; filled: number; cancelled: number; open: boolean }>();

  record(events: EngineEvent[]) {
    for (const e of events) {
      if (e.type === 'accepted') {
        // An id is only reused once its order is finished; a budget buy has no lots to account.
        expect(this.orders.get(e.orderId)?.open ?? false).toBe(false);
        if (e.qty === null) this.orders.delete(e.orderId);
        else this.orders.set(e.orderId, { qty: e.qty, filled: 0, cancelled: 0, open: true });
      } else if (e.type === 'trade') {
        this.fill(e.takerOrderId, e.qty);
        this.fill(e.makerOrderId, e.qty);
      } else if (e.type === 'cancelled' && e.remainingBudget === undefined) {
        const order = this.orders.get(e.orderId)!;
        order.cancelled += e.remainingQty;
        order.open = false;
      } else if (e.type === 'done') {
        const order = this.orders.get(e.orderId);
        if (order) {
          expect(order.filled).toBe(order.qty);
          order.open = false;
        }
      }
    }
  }

  check(book: OrderBook) {
    for (const [id, order] of this.orders) {
      const resting = book.get(id)?.qty ?? 0;
      expect(order.filled + resting + order.cancelled).toBe(order.qty);
      expect(resting > 0).toBe(order.open);
    }
  }

  private fill(id: number, lots: number) {
    const order = this.orders.get(id);
    if (order) order.filled += lots; // a budget buy has no lot quantity to account
  }
}

function run(book: OrderBook, log: Command[]) {
  return log.map((cmd) => book.apply(cmd));
}

describe('OrderBook properties', () => {
  it('keeps price-time priority, an uncrossed book and conserved quantities for any command sequence', () => {
    fc.assert(
      fc.property(commands, (log) => {
        const book = new OrderBook();
        const ledger = new OrderLedger();
        for (const cmd of log) {
          const before = book.resting();
          const seq = book.seq;
          const events = book.apply(cmd);
          checkCommand(cmd, before, events, book, seq);
          ledger.record(events);
          ledger.check(book);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('replays a command log into a fresh book with identical events and resting orders', () => {
    fc.assert(
      fc.property(commands, fc.integer({ min: 0, max: 1e6 }), (log, seq) => {
        const a = new OrderBook({ seq });
        const b = new OrderBook({ seq });
        expect(run(b, log)).toEqual(run(a, log));
        expect(b.resting()).toEqual(a.resting());
        expect(b.seq).toBe(a.seq);
      }),
      { numRuns: 200 },
    );
  });

  it('restores resting() into a fresh book that then behaves identically', () => {
    fc.assert(
      fc.property(commands, commands, (first, then) => {
        const original = new OrderBook();
        run(original, first);
        const restored = new OrderBook({ seq: original.seq });
        restored.restore(original.resting());
        expect(restored.depth(1000)).toEqual(original.depth(1000));
        expect(restored.resting()).toEqual(original.resting());
        expect(run(restored, then)).toEqual(run(original, then));
        expect(restored.resting()).toEqual(original.resting());
      }),
      { numRuns: 200 },
    );
  });
});
