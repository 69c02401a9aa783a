import * as sortedBtree from 'sorted-btree';
import { Level, type OrderNode } from './level';

type BTreeClass = typeof sortedBtree.default;
/**
 * `sorted-btree` is CommonJS with its class on `exports.default`: Node's ESM loader (tsx, the
 * built server) hands over the whole exports object as the default, Vitest unwraps it.
 */
const BTree: BTreeClass = (sortedBtree.default as unknown as { default?: BTreeClass }).default ?? sortedBtree.default;

const ascending = (a: number, b: number): number => a - b;

/**
 * One side of the book: its price levels by price. A hash map finds the level of a price in
 * O(1) (placement at an existing price never touches the tree); the B+ tree of `sorted-btree`
 * (maintained, no dependencies) keeps the prices sorted, so a new or emptied level costs
 * O(log levels) and the best price is cached until its level empties.
 */
export class BookSide {
  private readonly byPrice = new Map<number, Level>();
  private readonly sorted = new BTree<number, Level>(undefined, ascending);
  /** The level a taker meets first: the highest bid or the lowest ask. */
  best: Level | null = null;

  constructor(readonly isBid: boolean) {}

  get levelCount(): number {
    return this.byPrice.size;
  }

  add(order: OrderNode): void {
    let level = this.byPrice.get(order.price);
    if (level === undefined) {
      level = new Level(order.price);
      this.byPrice.set(order.price, level);
      this.sorted.set(order.price, level);
      if (this.best === null || this.isBetter(order.price, this.best.price)) this.best = level;
    }
    level.push(order);
  }

  remove(order: OrderNode): void {
    const level = order.level!;
    level.unlink(order);
    if (level.count > 0) return;
    this.byPrice.delete(level.price);
    this.sorted.delete(level.price);
    if (this.best === level) {
      const price = this.isBid ? this.sorted.maxKey() : this.sorted.minKey();
      this.best = price === undefined ? null : this.byPrice.get(price)!;
    }
  }

  /** Levels from the best price outwards. */
  *levels(): IterableIterator<Level> {
    const entries = this.isBid ? this.sorted.entriesReversed() : this.sorted.entries();
    for (const [, level] of entries) yield level;
  }

  private isBetter(price: number, than: number): boolean {
    return this.isBid ? price > than : price < than;
  }
}
