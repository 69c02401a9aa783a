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

/** The ids at one price: one id (the usual case, no allocation) or several. */
type Bucket = number | number[];
type Tree = sortedBtree.default<number, Bucket>;

/** Triggers of one pair: those that fire when the price is at or above their key, and at or below. */
interface PairTriggers {
  atOrAbove: Tree;
  atOrBelow: Tree;
}

/** What the index keeps of a position: its pair, side and trigger prices as keys (NaN: none). */
interface Entry {
  pairId: number;
  long: boolean;
  pending: boolean;
  tp: number;
  sl: number;
  liq: number;
  limit: number;
}

const ascending = (a: number, b: number): number => a - b;

const keyOf = (id: number, price: string | null | undefined): number => {
  if (price === null || price === undefined) return NaN;
  const key = Number(price);
  if (!Number.isFinite(key)) throw new Error(`trigger price ${price} of position ${id}`);
  return key;
};

function addTo(tree: Tree, key: number, id: number): void {
  if (Number.isNaN(key)) return;
  const had = tree.get(key);
  if (had === undefined) tree.set(key, id);
  else if (typeof had === 'number') tree.set(key, [had, id]);
  else had.push(id);
}

function removeFrom(tree: Tree, key: number, id: number): void {
  if (Number.isNaN(key)) return;
  const had = tree.get(key);
  if (had === undefined) return;
  if (typeof had === 'number') {
    if (had === id) tree.delete(key);
    return;
  }
  const i = had.indexOf(id);
  if (i >= 0) had.splice(i, 1);
  if (had.length === 1) tree.set(key, had[0]!);
  else if (had.length === 0) tree.delete(key);
}

/**
 * Price-sorted trigger indexes per pair and direction (B+ trees of `sorted-btree`, one bucket of
 * position ids per price). A tick finds what it sets off in O(log n + fired) without looking at
 * any position it does not trigger:
 * - at or above the key: long take-profit, short stop-loss, short liquidation, short limit open;
 * - at or below the key: long stop-loss, long liquidation, short take-profit, long limit open.
 * Keys are the prices as doubles: decimal strings of at most 15 significant digits (prices on a
 * pair's grid) convert in order, so comparisons agree with the decimals. A fired position leaves
 * the index entirely (a position closes or opens once); the caller puts an opened one back. When one
 * price crosses several triggers of a position (a gap), the user's own take-profit or stop-loss wins
 * over liquidation; it closes at the same feed price either way.
 */
export class TriggerIndex {
  private readonly pairs = new Map<number, PairTriggers>();
  private readonly byId = new Map<number, Entry>();

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

  /** Watches a position (again): its previous triggers are replaced. */
  upsert(w: Watched): void {
    this.remove(w.id);
    const pending = w.status === 'pending';
    const e: Entry = {
      pairId: w.pairId,
      long: w.side === 1,
      pending,
      tp: pending ? NaN : keyOf(w.id, w.takeProfit),
      sl: pending ? NaN : keyOf(w.id, w.stopLoss),
      liq: pending ? NaN : keyOf(w.id, w.liquidation),
      limit: pending ? keyOf(w.id, w.limit) : NaN,
    };
    if ([e.tp, e.sl, e.liq, e.limit].every(Number.isNaN)) return;
    this.place(w.id, e, addTo);
    this.byId.set(w.id, e);
  }

  private place(id: number, e: Entry, op: (tree: Tree, key: number, id: number) => void): void {
    const { atOrAbove, atOrBelow } = this.pair(e.pairId);
    const up = e.long ? atOrAbove : atOrBelow;
    const down = e.long ? atOrBelow : atOrAbove;
    op(down, e.limit, id);
    op(up, e.tp, id);
    op(down, e.sl, id);
    op(down, e.liq, id);
  }

  /** Stops watching a position (closed, cancelled). */
  remove(id: number): void {
    const e = this.byId.get(id);
    if (!e) return;
    this.place(id, e, removeFrom);
    this.byId.delete(id);
  }

  /** Which trigger of a position `price` sets off; the user's stops win over liquidation. */
  private kindAt(e: Entry, x: number): TriggerKind {
    if (e.pending) return 'limit_open';
    if (e.long ? x >= e.tp : x <= e.tp) return 'take_profit';
    if (e.long ? x <= e.sl : x >= e.sl) return 'stop_loss';
    return 'liquidation';
  }

  /**
   * How many trigger prices of `pairId` `price` reaches (a position may count twice), without
   * changing anything: the search alone, as `bench:risk` reports it beside `fire`.
   */
  reached(pairId: number, price: number): number {
    const p = this.pairs.get(pairId);
    if (!p) return 0;
    let n = 0;
    const lowest = p.atOrAbove.minKey();
    if (lowest !== undefined && lowest <= price) n += p.atOrAbove.forRange(lowest, price, true);
    const highest = p.atOrBelow.maxKey();
    if (highest !== undefined && highest >= price) n += p.atOrBelow.forRange(price, highest, true);
    return n;
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
    const lowest = p.atOrAbove.minKey();
    const above = lowest !== undefined && lowest <= x;
    const highest = p.atOrBelow.maxKey();
    const below = highest !== undefined && highest >= x;
    if (!above && !below) return [];
    const hits = this.hits;
    hits.length = 0;
    if (above) p.atOrAbove.forRange(lowest, x, true, this.collect);
    if (below) p.atOrBelow.forRange(x, highest, true, this.collect);
    const fired: Fired[] = [];
    for (const id of hits) {
      const e = this.byId.get(id);
      // Already taken (a position with two keys in the crossed ranges).
      if (e === undefined) continue;
      fired.push({ id, kind: this.kindAt(e, x) });
      // Keys in the crossed ranges go with the range deletions below; the others one by one.
      const up = e.long ? p.atOrAbove : p.atOrBelow;
      const down = e.long ? p.atOrBelow : p.atOrAbove;
      this.dropOutside(p, down, e.limit, id, x);
      this.dropOutside(p, up, e.tp, id, x);
      this.dropOutside(p, down, e.sl, id, x);
      this.dropOutside(p, down, e.liq, id, x);
      this.byId.delete(id);
    }
    if (above) p.atOrAbove.deleteRange(lowest, x, true);
    if (below) p.atOrBelow.deleteRange(x, highest, true);
    return fired;
  }

  /** Takes a fired position's key out unless it lies in a range `fire` deletes whole. */
  private dropOutside(p: PairTriggers, tree: Tree, key: number, id: number, x: number): void {
    const crossed = tree === p.atOrAbove ? key <= x : key >= x;
    if (!crossed) removeFrom(tree, key, id);
  }

  /** Ids found by the range scans of one `fire` (reused, so a tick allocates little). */
  private readonly hits: number[] = [];
  private readonly collect = (_k: number, bucket: Bucket): void => {
    if (typeof bucket === 'number') this.hits.push(bucket);
    else for (const id of bucket) this.hits.push(id);
  };
}
