import type { OwnerId, Side } from './types';

/** A resting order as the book holds it: a node of its price level's FIFO. */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  constructor(
    readonly orderId: number,
    readonly owner: OwnerId,
    readonly side: Side,
    readonly price: number,
    public qty: number,
    public level: Level | null = null,
  ) {}
}

/**
 * The orders at one price in time priority. An intrusive doubly linked list rather than an
 * array, so that a cancel anywhere in the queue unlinks in O(1) instead of shifting the rest.
 */
export class Level {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** Lots resting at this price, kept up to date so depth never walks the queue. */
  total = 0;
  count = 0;
  constructor(readonly price: number) {}

  push(order: OrderNode): void {
    order.level = this;
    order.prev = this.tail;
    order.next = null;
    if (this.tail === null) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.total += order.qty;
    this.count++;
  }

  unlink(order: OrderNode): void {
    if (order.prev === null) this.head = order.next;
    else order.prev.next = order.next;
    if (order.next === null) this.tail = order.prev;
    else order.next.prev = order.prev;
    order.prev = order.next = order.level = null;
    this.total -= order.qty;
    this.count--;
  }
}
