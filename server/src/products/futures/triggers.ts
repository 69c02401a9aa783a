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

/**
 * The triggers of one pair that fire on one side of the price, bucketed by price: a bucket holds
 * the keys within one `width` (about 1/10,000 of the pair's price, fixed by its first key) in
 * unsorted parallel arrays, and a small B+ tree orders the non-empty buckets. A tick visits the
 * buckets it crosses and filters the one it lands in, so its work depends on what fires and on
 * the number of buckets (about 1,000 within 5 % either side of the price), not on how many
 * positions are watched: a B+ tree of every key grew deeper and colder with the book.
 */
interface Side {
  /** Fires at or above its key (else at or below). */
  above: boolean;
  /** Price span of a bucket; 0 until the first key. */
  width: number;
  buckets: Map<number, Bucket>;
  order: Tree;
}
interface Bucket {
  keys: number[];
  ids: number[];
}
type Tree = sortedBtree.default<number, Bucket>;

/** Triggers of one pair: those that fire when the price is at or above their key, and at or below. */
interface PairTriggers {
  atOrAbove: Side;
  atOrBelow: Side;
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

const newSide = (above: boolean): Side => ({
  above,
  width: 0,
  buckets: new Map(),
  order: new BTree<number, Bucket>(undefined, ascending),
});

/**
 * The bucket of a key. Division by a positive constant and floor are monotonic, so a key at or
 * below a price is never in a later bucket than the price's: buckets before (at-or-below side:
 * after) the price's bucket are crossed whole.
 */
const bucketOf = (side: Side, key: number): number => Math.floor(key / side.width);

function addTo(side: Side, key: number, id: number): void {
  if (Number.isNaN(key)) return;
  // About 10,000 buckets per decade of the pair's price, set by its first trigger.
  if (side.width === 0) side.width = key > 0 ? 10 ** (Math.floor(Math.log10(key)) - 4) : 1;
  const b = bucketOf(side, key);
  let bucket = side.buckets.get(b);
  if (!bucket) {
    bucket = { keys: [], ids: [] };
    side.buckets.set(b, bucket);
    side.order.set(b, bucket);
  }
  bucket.keys.push(key);
  bucket.ids.push(id);
}

function removeFrom(side: Side, key: number, id: number): void {
  if (Number.isNaN(key) || side.width === 0) return;
  const b = bucketOf(side, key);
  const bucket = side.buckets.get(b);
  if (!bucket) return;
  const { keys, ids } = bucket;
  for (let i = 0; i < ids.length; i++) {
    if (ids[i] !== id || keys[i] !== key) continue;
    // Order within a bucket does not matter: the last entry takes the removed one's place.
    keys[i] = keys[keys.length - 1]!;
    ids[i] = ids[ids.length - 1]!;
    keys.pop();
    ids.pop();
    break;
  }
  if (ids.length === 0) {
    side.buckets.delete(b);
    side.order.delete(b);
  }
}

/** Whether `price` sets off `key` on this side. */
const crosses = (side: Side, key: number, price: number): boolean => (side.above ? key <= price : key >= price);

/**
 * Calls `visit` for each bucket of a side that `price` reaches, in order; `whole` when every key
 * of it is crossed (all but the price's own bucket).
 */
function forCrossed(side: Side, price: number, visit: (b: number, bucket: Bucket, whole: boolean) => void): void {
  if (side.width === 0) return;
  const edge = bucketOf(side, price);
  const lo = side.above ? side.order.minKey() : edge;
  const hi = side.above ? edge : side.order.maxKey();
  if (lo === undefined || hi === undefined || lo > hi) return;
  side.order.forRange(lo, hi, true, (b, bucket) => visit(b, bucket, b !== edge));
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
      p = { atOrAbove: newSide(true), atOrBelow: newSide(false) };
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

  private place(id: number, e: Entry, op: (side: Side, key: number, id: number) => void): void {
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
    for (const side of [p.atOrAbove, p.atOrBelow]) {
      forCrossed(side, price, (_b, bucket, whole) => {
        if (whole) n += bucket.keys.length;
        else for (const key of bucket.keys) if (crosses(side, key, price)) n += 1;
      });
    }
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
    const hits = this.hits;
    hits.length = 0;
    const wholes = this.wholes;
    wholes.length = 0;
    for (const side of [p.atOrAbove, p.atOrBelow]) {
      forCrossed(side, x, (b, bucket, whole) => {
        if (whole) {
          for (const id of bucket.ids) hits.push(id);
          wholes.push(side, b);
        } else {
          for (let i = 0; i < bucket.keys.length; i++) if (crosses(side, bucket.keys[i]!, x)) hits.push(bucket.ids[i]!);
        }
      });
    }
    if (hits.length === 0) return [];
    const fired: Fired[] = [];
    for (const id of hits) {
      const e = this.byId.get(id);
      // Already taken (a position with two keys in the crossed ranges).
      if (e === undefined) continue;
      fired.push({ id, kind: this.kindAt(e, x) });
      // Keys in whole crossed buckets go with their buckets below; the others one by one.
      const up = e.long ? p.atOrAbove : p.atOrBelow;
      const down = e.long ? p.atOrBelow : p.atOrAbove;
      this.drop(down, e.limit, id, x);
      this.drop(up, e.tp, id, x);
      this.drop(down, e.sl, id, x);
      this.drop(down, e.liq, id, x);
      this.byId.delete(id);
    }
    for (let i = 0; i < wholes.length; i += 2) {
      const side = wholes[i] as Side;
      const b = wholes[i + 1] as number;
      side.buckets.delete(b);
      side.order.delete(b);
    }
    return fired;
  }

  /** Takes a fired position's key out unless it lies in a bucket `fire` deletes whole. */
  private drop(side: Side, key: number, id: number, x: number): void {
    if (Number.isNaN(key)) return;
    if (crosses(side, key, x) && bucketOf(side, key) !== bucketOf(side, x)) return;
    removeFrom(side, key, id);
  }

  /** Ids found by one `fire` and the whole buckets it crossed (reused, so a tick allocates little). */
  private readonly hits: number[] = [];
  private readonly wholes: (Side | number)[] = [];
}
