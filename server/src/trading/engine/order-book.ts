import { BookSide } from './book-side';
import { OrderNode } from './level';
import type {
  CancelReason,
  Command,
  EngineEvent,
  LimitCommand,
  MarketCommand,
  OwnerId,
  RestingOrder,
  Side,
} from './types';
import { isValidCommand, isValidResting } from './validate';

/** Stands for "no lot limit" while a budget buy matches. */
const UNBOUNDED_QTY = Number.MAX_SAFE_INTEGER;
/** Stands for "no budget" while a lot-sized order matches. */
const NO_BUDGET = -1;

export interface Depth {
  bids: [price: number, qty: number][];
  asks: [price: number, qty: number][];
}

/**
 * The spot order book of one pair: price-time priority, integer ticks and lots only, no I/O.
 * Every command yields its events in order, each with the next per-book sequence number, so a
 * command log replayed into a fresh book gives the same events (the book is deterministic).
 */
export class OrderBook {
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly orders = new Map<number, OrderNode>();
  private lastSeq: number;
  /** What the last `take` left over, returned through fields to keep the matching loop allocation-free. */
  private takeQtyLeft = 0;
  private takeBudgetLeft = 0;

  constructor(opts?: { seq?: number }) {
    this.lastSeq = opts?.seq ?? 0;
  }

  get seq(): number {
    return this.lastSeq;
  }

  /** Resting orders. */
  get size(): number {
    return this.orders.size;
  }

  apply(cmd: Command): EngineEvent[] {
    const events: EngineEvent[] = [];
    if (!isValidCommand(cmd)) {
      events.push({ type: 'rejected', seq: ++this.lastSeq, orderId: cmd.orderId, reason: 'invalid' });
    } else if (cmd.type === 'cancel') {
      this.cancel(cmd.orderId, events);
    } else if (this.orders.has(cmd.orderId)) {
      events.push({ type: 'rejected', seq: ++this.lastSeq, orderId: cmd.orderId, reason: 'duplicate_order' });
    } else if (cmd.type === 'limit') {
      this.limit(cmd, events);
    } else {
      this.market(cmd, events);
    }
    return events;
  }

  /**
   * Puts stored resting orders back without matching, in the given (time) order behind any
   * already resting. All or nothing: throws before changing anything when an order is malformed,
   * an id repeats, or the book would be crossed.
   */
  restore(orders: RestingOrder[]): void {
    const ids = new Set<number>();
    let bestBid = this.bids.best?.price ?? -Infinity;
    let bestAsk = this.asks.best?.price ?? Infinity;
    for (const order of orders) {
      if (!isValidResting(order)) throw new Error(`restore: malformed order ${String(order.orderId)}`);
      if (ids.has(order.orderId) || this.orders.has(order.orderId)) {
        throw new Error(`restore: order ${order.orderId} given twice`);
      }
      ids.add(order.orderId);
      if (order.side === 'buy') bestBid = Math.max(bestBid, order.price);
      else bestAsk = Math.min(bestAsk, order.price);
    }
    if (bestBid >= bestAsk) throw new Error(`restore: crossed book (bid ${bestBid} >= ask ${bestAsk})`);
    for (const order of orders) this.rest(order.orderId, order.owner, order.side, order.price, order.qty);
  }

  bestBid(): number | null {
    return this.bids.best?.price ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best?.price ?? null;
  }

  /** A copy of a resting order, so callers cannot change the book behind its back. */
  get(orderId: number): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    return node === undefined ? undefined : toResting(node);
  }

  /** Up to `levels` prices per side with the lots summed: bids high to low, asks low to high. */
  depth(levels: number): Depth {
    return { bids: topLevels(this.bids, levels), asks: topLevels(this.asks, levels) };
  }

  /**
   * What a market order of `owner` would fill right now without changing the book: the lots and
   * their value (ticks x lots) it takes walking the other side as `take` does, the owner's own
   * resting orders skipped (they are cancelled, not traded with). `qty` for a lot-sized order,
   * `budget` for a budget buy.
   */
  sweep(owner: OwnerId, side: Side, size: { qty: number } | { budget: number }): { lots: number; value: number } {
    const opposite = side === 'buy' ? this.asks : this.bids;
    let left = 'qty' in size ? size.qty : UNBOUNDED_QTY;
    let budgetLeft = 'budget' in size ? size.budget : NO_BUDGET;
    let lots = 0;
    let value = 0;
    for (const level of opposite.levels()) {
      for (let node = level.head; node !== null && left > 0; node = node.next) {
        if (node.owner === owner) continue;
        let take = node.qty < left ? node.qty : left;
        if (budgetLeft !== NO_BUDGET) {
          let affordable = Math.floor(budgetLeft / level.price);
          if (affordable * level.price > budgetLeft) affordable--;
          if (affordable === 0) return { lots, value };
          if (affordable < take) take = affordable;
          budgetLeft -= take * level.price;
        }
        left -= take;
        lots += take;
        value += take * level.price;
      }
      if (left === 0) break;
    }
    return { lots, value };
  }

  /** Every resting order in priority order (bids best first, then asks best first). */
  resting(): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const side of [this.bids, this.asks]) {
      for (const level of side.levels()) {
        for (let node = level.head; node !== null; node = node.next) out.push(toResting(node));
      }
    }
    return out;
  }

  private cancel(orderId: number, events: EngineEvent[]): void {
    const node = this.orders.get(orderId);
    if (node === undefined) {
      events.push({ type: 'rejected', seq: ++this.lastSeq, orderId, reason: 'unknown_order' });
      return;
    }
    this.unrest(node);
    this.pushCancelled(events, orderId, node.owner, node.qty, 'user');
  }

  private limit(cmd: LimitCommand, events: EngineEvent[]): void {
    const { orderId, owner, side, price, qty } = cmd;
    events.push({ type: 'accepted', seq: ++this.lastSeq, orderId, owner, side, price, qty, budget: null });
    if (cmd.postOnly === true && this.wouldTake(side, price)) {
      this.pushCancelled(events, orderId, owner, qty, 'post_only');
      return;
    }
    this.take(orderId, owner, side, price, qty, NO_BUDGET, events);
    const left = this.takeQtyLeft;
    if (left === 0) this.pushDone(events, orderId, owner);
    else if (cmd.ioc === true) this.pushCancelled(events, orderId, owner, left, 'ioc');
    else this.rest(orderId, owner, side, price, left);
  }

  private market(cmd: MarketCommand, events: EngineEvent[]): void {
    const { orderId, owner, side } = cmd;
    const qty = cmd.qty ?? null;
    const budget = cmd.budget ?? null;
    events.push({ type: 'accepted', seq: ++this.lastSeq, orderId, owner, side, price: null, qty, budget });
    if (budget === null) {
      this.take(orderId, owner, side, null, qty!, NO_BUDGET, events);
      const left = this.takeQtyLeft;
      if (left === 0) this.pushDone(events, orderId, owner);
      else this.pushCancelled(events, orderId, owner, left, 'market_remainder');
      return;
    }
    this.take(orderId, owner, side, null, UNBOUNDED_QTY, budget, events);
    const budgetLeft = this.takeBudgetLeft;
    if (budgetLeft === 0) {
      this.pushDone(events, orderId, owner);
    } else {
      events.push({
        type: 'cancelled',
        seq: ++this.lastSeq,
        orderId,
        owner,
        remainingQty: 0,
        reason: 'market_remainder',
        remainingBudget: budgetLeft,
      });
    }
  }

  /**
   * Whether a limit order at `price` reaches the best opposite price. The taker's own orders count
   * too: a post-only order is cancelled rather than cancelling resting orders by self-trade.
   */
  private wouldTake(side: Side, price: number): boolean {
    const best = side === 'buy' ? this.asks.best : this.bids.best;
    return best !== null && (side === 'buy' ? best.price <= price : best.price >= price);
  }

  /**
   * Matches a taker against the other side, best price first and oldest first within a price,
   * at the resting order's price, while it has lots (and budget) left and the price is within
   * `limitPrice` (null: any price). A resting order of the taker's own owner is cancelled
   * instead of traded with. Leaves what is left in `takeQtyLeft` / `takeBudgetLeft`.
   */
  private take(
    orderId: number,
    owner: OwnerId,
    side: Side,
    limitPrice: number | null,
    qty: number,
    budget: number,
    events: EngineEvent[],
  ): void {
    const isBuy = side === 'buy';
    const opposite = isBuy ? this.asks : this.bids;
    let left = qty;
    let budgetLeft = budget;
    while (left > 0) {
      const level = opposite.best;
      if (level === null) break;
      const price = level.price;
      if (limitPrice !== null && (isBuy ? price > limitPrice : price < limitPrice)) break;
      const maker = level.head!;
      if (maker.owner === owner) {
        this.unrest(maker);
        this.pushCancelled(events, maker.orderId, maker.owner, maker.qty, 'self_trade');
        continue;
      }
      let lots = maker.qty < left ? maker.qty : left;
      if (budgetLeft !== NO_BUDGET) {
        // Integer division: the double quotient of two safe integers can round up to the next
        // whole number, which the product check takes back.
        let affordable = Math.floor(budgetLeft / price);
        if (affordable * price > budgetLeft) affordable--;
        // Prices only rise from here, so a budget that cannot pay one lot is spent.
        if (affordable === 0) break;
        if (affordable < lots) lots = affordable;
        budgetLeft -= lots * price;
      }
      maker.qty -= lots;
      level.total -= lots;
      left -= lots;
      events.push({
        type: 'trade',
        seq: ++this.lastSeq,
        takerOrderId: orderId,
        makerOrderId: maker.orderId,
        takerOwner: owner,
        makerOwner: maker.owner,
        takerSide: side,
        price,
        qty: lots,
      });
      if (maker.qty === 0) {
        this.unrest(maker);
        this.pushDone(events, maker.orderId, maker.owner);
      }
    }
    this.takeQtyLeft = left;
    this.takeBudgetLeft = budgetLeft;
  }

  private rest(orderId: number, owner: OwnerId, side: Side, price: number, qty: number): void {
    const node = new OrderNode(orderId, owner, side, price, qty);
    this.orders.set(orderId, node);
    (side === 'buy' ? this.bids : this.asks).add(node);
  }

  private unrest(node: OrderNode): void {
    this.orders.delete(node.orderId);
    (node.side === 'buy' ? this.bids : this.asks).remove(node);
  }

  private pushCancelled(
    events: EngineEvent[],
    orderId: number,
    owner: OwnerId,
    remainingQty: number,
    reason: CancelReason,
  ): void {
    events.push({ type: 'cancelled', seq: ++this.lastSeq, orderId, owner, remainingQty, reason });
  }

  private pushDone(events: EngineEvent[], orderId: number, owner: OwnerId): void {
    events.push({ type: 'done', seq: ++this.lastSeq, orderId, owner });
  }
}

function toResting(node: OrderNode): RestingOrder {
  return { orderId: node.orderId, owner: node.owner, side: node.side, price: node.price, qty: node.qty };
}

function topLevels(side: BookSide, count: number): [number, number][] {
  const out: [number, number][] = [];
  if (count <= 0) return out;
  for (const level of side.levels()) {
    out.push([level.price, level.total]);
    if (out.length >= count) break;
  }
  return out;
}
