import * as sortedBtree from 'sorted-btree';

type BTreeClass = typeof sortedBtree.default;
/** `sorted-btree` is CommonJS with its class on `exports.default` (see trading/engine/book-side.ts). */
const BTree: BTreeClass = (sortedBtree.default as unknown as { default?: BTreeClass }).default ?? sortedBtree.default;

/** What a price can set off: a close (take-profit, stop-loss, liquidation) or a pending limit open. */
export type TriggerKind = 'take_profit' | 'stop_loss' | 'liquidation' | 'limit_open';

/** A position as the index needs it; prices are decimal strings on the pair's price grid. */
export interface Watched {
  id: number;
  pairId: number;
  /** 1 long, 2 short. */
  side: 1 | 2;
  status: 'pending' | 'open';
  takeProfit?: string | null;
  stopLoss?: string | null;
  liquidation?: string | null;
  /** The limit price of a pending open. */
  limit?: string | null;
}

export interface Fired {
  id: number;
  kind: TriggerKind;
}

type Bucket = Map<number, TriggerKind>;
type Tree = sortedBtree.default<number, Bucket>;

/** Triggers of one pair: those that fire when the price is at or above their key, and at or below. */
interface PairTriggers {
  atOrAbove: Tree;
  atOrBelow: Tree;
}

interface Entry {
  tree: Tree;
  key: number;
}

const ascending = (a: number, b: number): number => a - b;

/**
 * Which of a position's triggers wins when one price crosses several (a gap): the user's own
 * take-profit or stop-loss before liquidation. Each closes at the same feed price either way.
 */
const PRIORITY: Record<TriggerKind, number> = { limit_open: 0, take_profit: 1, stop_loss: 1, liquidation: 2 };

/**
 * Price-sorted trigger indexes per pair and direction (B+ trees of `sorted-btree`, one bucket of
 * position ids per price). A tick finds what it sets off in O(log n + fired) without looking at
 * any position it does not trigger:
 * - at or above the key: long take-profit, short stop-loss, short liquidation, short limit open;
 * - at or below the key: long stop-loss, long liquidation, short take-profit, long limit open.
 * Keys are the prices as doubles: decimal strings of at most 15 significant digits (prices on a
 * pair's grid) convert in order, so comparisons agree with the decimals. A fired position leaves
 * the index entirely (a position closes or opens once); the caller puts an opened one back.
 */
export class TriggerIndex {
  private readonly pairs = new Map<number, PairTriggers>();
  private readonly byId = new Map<number, Entry[]>();

  /** Positions watched. */
  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  private pair(pairId: number): PairTriggers {
    let p = this.pairs.get(pairId);
    if (!p) {
      p = {
        atOrAbove: new BTree<number, Bucket>(undefined, ascending),
        atOrBelow: new BTree<number, Bucket>(undefined, ascending),
      };
      this.pairs.set(pairId, p);
    }
    return p;
  }

  private add(entries: Entry[], id: number, tree: Tree, price: string | null | undefined, kind: TriggerKind) {
    if (price === null || price === undefined) return;
    const key = Number(price);
    if (!Number.isFinite(key)) throw new Error(`trigger price ${price} of position ${id}`);
    let bucket = tree.get(key);
    if (!bucket) {
      bucket = new Map();
      tree.set(key, bucket);
    }
    bucket.set(id, kind);
    entries.push({ tree, key });
  }

  /** Watches a position (again): its previous triggers are replaced. */
  upsert(w: Watched): void {
    this.remove(w.id);
    const { atOrAbove, atOrBelow } = this.pair(w.pairId);
    const entries: Entry[] = [];
    const long = w.side === 1;
    if (w.status === 'pending') {
      this.add(entries, w.id, long ? atOrBelow : atOrAbove, w.limit, 'limit_open');
    } else {
      this.add(entries, w.id, long ? atOrAbove : atOrBelow, w.takeProfit, 'take_profit');
      this.add(entries, w.id, long ? atOrBelow : atOrAbove, w.stopLoss, 'stop_loss');
      this.add(entries, w.id, long ? atOrBelow : atOrAbove, w.liquidation, 'liquidation');
    }
    if (entries.length > 0) this.byId.set(w.id, entries);
  }

  /** Stops watching a position (closed, cancelled). */
  remove(id: number): void {
    const entries = this.byId.get(id);
    if (!entries) return;
    for (const { tree, key } of entries) {
      const bucket = tree.get(key);
      if (!bucket) continue;
      bucket.delete(id);
      if (bucket.size === 0) tree.delete(key);
    }
    this.byId.delete(id);
  }

  /**
   * The positions of `pairId` that `price` sets off, each once with its winning trigger, removed
   * from the index. Does not change anything else.
   */
  fire(pairId: number, price: string | number): Fired[] {
    const p = this.pairs.get(pairId);
    if (!p) return [];
    const x = typeof price === 'number' ? price : Number(price);
    if (!Number.isFinite(x)) return [];
    const hits = new Map<number, TriggerKind>();
    const collect = (_k: number, bucket: Bucket) => {
      for (const [id, kind] of bucket) {
        const had = hits.get(id);
        if (had === undefined || PRIORITY[kind] < PRIORITY[had]) hits.set(id, kind);
      }
    };
    const lowest = p.atOrAbove.minKey();
    if (lowest !== undefined && lowest <= x) p.atOrAbove.forRange(lowest, x, true, collect);
    const highest = p.atOrBelow.maxKey();
    if (highest !== undefined && highest >= x) p.atOrBelow.forRange(x, highest, true, collect);
    const fired: Fired[] = [];
    for (const [id, kind] of hits) {
      this.remove(id);
      fired.push({ id, kind });
    }
    return fired;
  }
}
