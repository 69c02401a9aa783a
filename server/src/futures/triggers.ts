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
   * The positions of `pairId` that `price` sets off, each once with its winning trigger, removed
   * from the index. Does not change anything else.
   */
  fire(pairId: number, price: string | number): Fired[] {
    const p = this.pairs.get(pairId);
    if (!p) return [];
    const x = typeof price === 'number' ? price : Number(price);
    if (!Number.isFinite(x)) return [];
    const ids = new Set<number>();
    const collect = (_k: number, bucket: Bucket) => {
      if (typeof bucket === 'number') ids.add(bucket);
      else for (const id of bucket) ids.add(id);
    };
    const lowest = p.atOrAbove.minKey();
    if (lowest !== undefined && lowest <= x) p.atOrAbove.forRange(lowest, x, true, collect);
    const highest = p.atOrBelow.maxKey();
    if (highest !== undefined && highest >= x) p.atOrBelow.forRange(x, highest, true, collect);
    const fired: Fired[] = [];
    // Every key of the crossed ranges fires: those go in one range deletion each; a fired
    // position's other triggers (elsewhere in the trees) are taken out one by one.
    const crossed = (tree: Tree, key: number) =>
      tree === p.atOrAbove ? key <= x : tree === p.atOrBelow ? key >= x : false;
    const outside = (tree: Tree, key: number, id: number) => {
      if (!crossed(tree, key)) removeFrom(tree, key, id);
    };
    for (const id of ids) {
      const e = this.byId.get(id)!;
      fired.push({ id, kind: this.kindAt(e, x) });
      this.place(id, e, outside);
      this.byId.delete(id);
    }
    if (lowest !== undefined && lowest <= x) p.atOrAbove.deleteRange(lowest, x, true);
    if (highest !== undefined && highest >= x) p.atOrBelow.deleteRange(x, highest, true);
    return fired;
  }
}
