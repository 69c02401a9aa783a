import * as sortedBtree from 'sorted-btree';

type BTreeClass = typeof sortedBtree.default;
/** `sorted-btree` is CommonJS with its class on `exports.default` (see trading/engine/book-side.ts). */
const BTree: BTreeClass = (sortedBtree.default as unknown as { default?: BTreeClass }).default ?? sortedBtree.default;

/**
 * The keys of one bucket and their ids in parallel arrays, sorted in the order they fire
 * backwards: the key a price reaches first is the last one, so a price takes what it reaches off
 * the end. Equal keys lie by id, the lowest id last.
 */
export interface Bucket {
  keys: number[];
  ids: number[];
}

const ascending = (a: number, b: number): number => a - b;

/** What the index takes out of one bucket, and whether with its ids. */
type Visit = (b: number, bucket: Bucket, whole: boolean) => void;

/**
 * The triggers of one instrument that fire on one side of the price, bucketed by price: a bucket
 * holds the keys within one `width` (about 1/10,000 of the instrument's price, fixed by its first
 * key), sorted, and a small B+ tree orders the non-empty buckets. A tick visits the buckets it
 * crosses, takes them whole, and takes off the end of the one it lands in only the keys it
 * reaches: its work depends on what fires and on the number of buckets crossed (about 1,000
 * within 5 % either side of the price), not on how many triggers are watched. A key is added or
 * removed by a binary search in its bucket. (A B+ tree of every key grew deeper and colder with
 * the book.)
 *
 * Keys are prices as doubles: decimal strings of at most 15 significant digits (prices on a
 * pair's grid) convert in order, so comparisons agree with the decimals. NaN means "no key".
 */
export class PriceSide {
  /** Price span of a bucket; 0 until the first key. */
  private width = 0;
  private readonly buckets = new Map<number, Bucket>();
  private readonly order = new BTree<number, Bucket>(undefined, ascending);
  /** Ids found by one `fire` and the whole buckets it crossed (reused, so a tick allocates little). */
  private readonly hits: number[] = [];
  private readonly wholes: number[] = [];

  /** `above`: a key fires when the price is at or above it; else at or below. */
  constructor(readonly above: boolean) {}

  /**
   * The bucket of a key. Division by a positive constant and floor are monotonic, so a key at or
   * below a price is never in a later bucket than the price's: buckets before (at-or-below side:
   * after) the price's bucket are crossed whole.
   */
  bucketOf(key: number): number {
    return Math.floor(key / this.width);
  }

  /** Whether `price` sets off `key`. */
  crosses(key: number, price: number): boolean {
    return this.above ? key <= price : key >= price;
  }

  /** Whether (key, id) lies before (k, i) in a bucket: it fires later, or at the same key has the higher id. */
  private before(key: number, id: number, k: number, i: number): boolean {
    if (key === k) return id > i;
    return this.above ? key > k : key < k;
  }

  /** The first index of `bucket` whose entry does not lie before (key, id). */
  private seek(bucket: Bucket, key: number, id: number): number {
    const { keys, ids } = bucket;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(keys[mid]!, ids[mid]!, key, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(key: number, id: number): void {
    if (Number.isNaN(key)) return;
    // About 10,000 buckets per decade of the price, set by the first trigger.
    if (this.width === 0) this.width = key > 0 ? 10 ** (Math.floor(Math.log10(key)) - 4) : 1;
    const b = this.bucketOf(key);
    let bucket = this.buckets.get(b);
    if (!bucket) {
      bucket = { keys: [key], ids: [id] };
      this.buckets.set(b, bucket);
      this.order.set(b, bucket);
      return;
    }
    const { keys, ids } = bucket;
    const n = keys.length;
    // Keys mostly arrive in no order; the end (the next to fire) is checked first.
    if (n === 0 || this.before(keys[n - 1]!, ids[n - 1]!, key, id)) {
      keys.push(key);
      ids.push(id);
      return;
    }
    const at = this.seek(bucket, key, id);
    keys.splice(at, 0, key);
    ids.splice(at, 0, id);
  }

  remove(key: number, id: number): void {
    if (Number.isNaN(key) || this.width === 0) return;
    const b = this.bucketOf(key);
    const bucket = this.buckets.get(b);
    if (!bucket) return;
    const { keys, ids } = bucket;
    const at = this.seek(bucket, key, id);
    if (keys[at] !== key || ids[at] !== id) return;
    if (at === keys.length - 1) {
      keys.pop();
      ids.pop();
    } else {
      keys.splice(at, 1);
      ids.splice(at, 1);
    }
    if (ids.length === 0) this.deleteBucket(b);
  }

  private deleteBucket(b: number): void {
    this.buckets.delete(b);
    this.order.delete(b);
  }

  /**
   * Calls `visit` for each bucket that `price` reaches, in order; `whole` when every key of it is
   * crossed (all but the price's own bucket).
   */
  private forCrossed(price: number, visit: Visit): void {
    if (this.width === 0) return;
    const edge = this.bucketOf(price);
    const lo = this.above ? this.order.minKey() : edge;
    const hi = this.above ? edge : this.order.maxKey();
    if (lo === undefined || hi === undefined || lo > hi) return;
    this.order.forRange(lo, hi, true, (b, bucket) => visit(b, bucket, b !== edge));
  }

  /** How many keys `price` reaches, without changing anything. */
  reached(price: number): number {
    let n = 0;
    this.forCrossed(price, (_b, { keys }, whole) => {
      if (whole) n += keys.length;
      else for (let i = keys.length - 1; i >= 0 && this.crosses(keys[i]!, price); i--) n += 1;
    });
    return n;
  }

  /**
   * Takes out every key `price` reaches and pushes their ids onto `out`: the buckets crossed
   * whole, then off the end of the price's own bucket the keys it reaches.
   */
  take(price: number, out: number[]): void {
    if (this.width === 0) return;
    const { wholes } = this;
    wholes.length = 0;
    this.forCrossed(price, (b, bucket, whole) => {
      if (!whole) return;
      for (const id of bucket.ids) out.push(id);
      wholes.push(b);
    });
    for (const b of wholes) this.deleteBucket(b);
    const edge = this.bucketOf(price);
    const bucket = this.buckets.get(edge);
    if (!bucket) return;
    const { keys, ids } = bucket;
    while (keys.length > 0 && this.crosses(keys[keys.length - 1]!, price)) {
      keys.pop();
      out.push(ids.pop()!);
    }
    if (ids.length === 0) this.deleteBucket(edge);
  }

  /**
   * Fires what `price` sets off on this side: its keys are taken out (`take`), then each id
   * reached that `watched` still holds goes to `take` with its entry and leaves `watched`. `take`
   * takes the id's other keys out with `drop`, on this side or another (an index may keep several
   * keys of one id), so an id reached through two keys is taken once.
   */
  fire<E>(
    price: number,
    watched: { get(id: number): E | undefined; delete(id: number): unknown },
    take: (id: number, entry: E) => void,
  ): void {
    const { hits } = this;
    hits.length = 0;
    this.take(price, hits);
    for (const id of hits) {
      const entry = watched.get(id);
      // Already taken through another of its keys.
      if (entry === undefined) continue;
      take(id, entry);
      watched.delete(id);
    }
  }

  /**
   * Takes out a key of an id that fired, unless `price` reaches it: then the `fire` of its side
   * takes or has taken it out with all the others it reaches.
   */
  drop(key: number, id: number, price: number): void {
    if (Number.isNaN(key) || this.crosses(key, price)) return;
    this.remove(key, id);
  }
}
