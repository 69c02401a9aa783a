import * as sortedBtree from 'sorted-btree';

type BTreeClass = typeof sortedBtree.default;
/** `sorted-btree` is CommonJS with its class on `exports.default` (see trading/engine/book-side.ts). */
const BTree: BTreeClass = (sortedBtree.default as unknown as { default?: BTreeClass }).default ?? sortedBtree.default;

/** The keys of one bucket and their ids, in unsorted parallel arrays. */
export interface Bucket {
  keys: number[];
  ids: number[];
}

const ascending = (a: number, b: number): number => a - b;

/**
 * The triggers of one instrument that fire on one side of the price, bucketed by price: a bucket
 * holds the keys within one `width` (about 1/10,000 of the instrument's price, fixed by its first
 * key) in unsorted parallel arrays, and a small B+ tree orders the non-empty buckets. A tick visits
 * the buckets it crosses and filters the one it lands in, so its work depends on what fires and on
 * the number of buckets (about 1,000 within 5 % either side of the price), not on how many
 * triggers are watched: a B+ tree of every key grew deeper and colder with the book.
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

  add(key: number, id: number): void {
    if (Number.isNaN(key)) return;
    // About 10,000 buckets per decade of the price, set by the first trigger.
    if (this.width === 0) this.width = key > 0 ? 10 ** (Math.floor(Math.log10(key)) - 4) : 1;
    const b = this.bucketOf(key);
    let bucket = this.buckets.get(b);
    if (!bucket) {
      bucket = { keys: [], ids: [] };
      this.buckets.set(b, bucket);
      this.order.set(b, bucket);
    }
    bucket.keys.push(key);
    bucket.ids.push(id);
  }

  remove(key: number, id: number): void {
    if (Number.isNaN(key) || this.width === 0) return;
    const b = this.bucketOf(key);
    const bucket = this.buckets.get(b);
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
  forCrossed(price: number, visit: (b: number, bucket: Bucket, whole: boolean) => void): void {
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
    this.forCrossed(price, (_b, bucket, whole) => {
      if (whole) n += bucket.keys.length;
      else for (const key of bucket.keys) if (this.crosses(key, price)) n += 1;
    });
    return n;
  }

  /**
   * Fires what `price` sets off on this side: each id it reaches that `watched` still holds goes
   * to `take` with its entry and then leaves `watched`; the buckets crossed whole are deleted last.
   * `take` takes the id's keys out with `drop`, on this side or another (an index may keep several
   * keys of one id), so an id reached through two keys is taken once.
   */
  fire<E>(price: number, watched: Map<number, E>, take: (id: number, entry: E) => void): void {
    const { hits, wholes } = this;
    hits.length = 0;
    wholes.length = 0;
    this.collect(price, hits, wholes);
    for (const id of hits) {
      const entry = watched.get(id);
      // Already taken through another of its keys.
      if (entry === undefined) continue;
      take(id, entry);
      watched.delete(id);
    }
    for (const b of wholes) this.deleteBucket(b);
  }

  /** Pushes the ids `price` sets off onto `hits` and the whole buckets it crossed onto `wholes`. */
  private collect(price: number, hits: number[], wholes: number[]): void {
    this.forCrossed(price, (b, bucket, whole) => {
      if (whole) {
        for (const id of bucket.ids) hits.push(id);
        wholes.push(b);
      } else {
        for (let i = 0; i < bucket.keys.length; i++)
          if (this.crosses(bucket.keys[i]!, price)) hits.push(bucket.ids[i]!);
      }
    });
  }

  /** Takes a fired key out unless it lies in a bucket that `fire` deletes whole when it is done. */
  drop(key: number, id: number, price: number): void {
    if (Number.isNaN(key)) return;
    if (this.crosses(key, price) && this.bucketOf(key) !== this.bucketOf(price)) return;
    this.remove(key, id);
  }
}
