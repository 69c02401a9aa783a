/** The smallest table: 8 slots. */
const MIN_BITS = 3;
/** The golden-ratio multiplier of Fibonacci hashing. */
const GOLDEN = 0x9e3779b1;
const TWO_32 = 4294967296;

/**
 * Ids (integers, as stored ids are) each given a row, a small number that stays the id's while it
 * is in the table, so that what an index keeps per id can live in arrays by row, one per field,
 * instead of an object per id. A deleted id's row goes to the next id added; rows never move, so
 * a deletion touches nothing but the id's own slot, and the arrays by row keep the length of the
 * most ids held at once (`rows`).
 *
 * An open-addressing hash table with linear probing and backward-shift deletion in one
 * `Float64Array` of (id, row) pairs, at most half full (and halved under an eighth). Deleting
 * leaves no tombstone, so deleting and adding the same ids again and again costs the same forever.
 * A `Map` keeps its deleted entries in its hash chains until it rehashes, about once per its
 * capacity in deletions: with a million entries, an id that is taken out and put back (a trailing
 * stop that moves, a stop order put back by a rebuild, a repeating alert) made every later lookup
 * of an absent id walk a chain of hundreds of dead entries.
 */
export class IdTable {
  /** Slot i holds an id at 2i (NaN: empty) and its row at 2i + 1. */
  private slots: Float64Array;
  private bits: number;
  /** The id of each row; NaN for a free row. */
  private readonly rowIds: number[] = [];
  /** The free rows, the next one to give last. */
  private readonly free: number[] = [];
  private count = 0;

  constructor() {
    this.bits = MIN_BITS;
    this.slots = IdTable.emptySlots(MIN_BITS);
  }

  private static emptySlots(bits: number): Float64Array {
    return new Float64Array(2 << bits).fill(NaN);
  }

  /** How many ids the table holds. */
  get size(): number {
    return this.count;
  }

  /** One past the highest row given so far: the length of the arrays by row. */
  get rows(): number {
    return this.rowIds.length;
  }

  /** The id at a row, or NaN for a free row. */
  idAt(row: number): number {
    return this.rowIds[row]!;
  }

  /** The ids held, in row order. */
  ids(): number[] {
    return this.rowIds.filter((id) => !Number.isNaN(id));
  }

  /** The slot an id hashes to (Fibonacci hashing of its low and high 32 bits). */
  private home(id: number): number {
    const lo = id >>> 0;
    const hi = (id / TWO_32) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), GOLDEN) >>> (32 - this.bits);
  }

  /** The slot holding `id`, or -1. */
  private slotOf(id: number): number {
    const { slots } = this;
    const mask = (1 << this.bits) - 1;
    for (let s = this.home(id); ; s = (s + 1) & mask) {
      const at = slots[2 * s]!;
      if (at === id) return s;
      if (at !== at) return -1;
    }
  }

  /** The row of `id`, or -1. */
  rowOf(id: number): number {
    const s = this.slotOf(id);
    return s < 0 ? -1 : this.slots[2 * s + 1]!;
  }

  has(id: number): boolean {
    return this.slotOf(id) >= 0;
  }

  /** The row of `id`, given a free row when it was absent. */
  add(id: number): number {
    if (!Number.isFinite(id)) throw new Error(`id ${id}`);
    const s = this.slotOf(id);
    if (s >= 0) return this.slots[2 * s + 1]!;
    if (2 * (this.count + 1) > 1 << this.bits) this.resize(this.bits + 1);
    const row = this.free.length > 0 ? this.free.pop()! : this.rowIds.length;
    this.rowIds[row] = id;
    this.count += 1;
    this.place(id, row);
    return row;
  }

  /** Writes (id, row) into the first free slot from the id's home; the id must be absent. */
  private place(id: number, row: number): void {
    const { slots } = this;
    const mask = (1 << this.bits) - 1;
    let s = this.home(id);
    while (slots[2 * s] === slots[2 * s]) s = (s + 1) & mask;
    slots[2 * s] = id;
    slots[2 * s + 1] = row;
  }

  /** Rehashes into 2^bits slots: doubled past half full, halved under an eighth. */
  private resize(bits: number): void {
    const old = this.slots;
    this.bits = bits;
    this.slots = IdTable.emptySlots(bits);
    for (let i = 0; i < old.length; i += 2) {
      const id = old[i]!;
      if (id === id) this.place(id, old[i + 1]!);
    }
  }

  /** Removes `id` and returns the row it had (now free), or -1 when absent. */
  delete(id: number): number {
    const s = this.slotOf(id);
    if (s < 0) return -1;
    const row = this.slots[2 * s + 1]!;
    this.unslot(s);
    this.rowIds[row] = NaN;
    this.free.push(row);
    this.count -= 1;
    if (this.bits > MIN_BITS && 8 * this.count < 1 << this.bits) this.resize(this.bits - 1);
    return row;
  }

  /**
   * Empties slot `s` and shifts back the entries after it that probed past it, so that every id
   * stays reachable from its home without a tombstone.
   */
  private unslot(s: number): void {
    const { slots } = this;
    const mask = (1 << this.bits) - 1;
    let hole = s;
    for (let j = (s + 1) & mask; ; j = (j + 1) & mask) {
      const id = slots[2 * j]!;
      if (id !== id) break;
      const h = this.home(id);
      // The entry at j stays when its home lies cyclically in (hole, j].
      const stays = hole <= j ? hole < h && h <= j : hole < h || h <= j;
      if (stays) continue;
      slots[2 * hole] = id;
      slots[2 * hole + 1] = slots[2 * j + 1]!;
      hole = j;
    }
    slots[2 * hole] = NaN;
    slots[2 * hole + 1] = NaN;
  }
}

/**
 * A map from ids to values on an `IdTable` (no tombstones; see there), with the values in one
 * array by row. The part of `Map` the indexes use.
 */
export class IdMap<V> {
  private readonly table = new IdTable();
  private readonly byRow: (V | undefined)[] = [];

  get size(): number {
    return this.table.size;
  }

  has(id: number): boolean {
    return this.table.has(id);
  }

  get(id: number): V | undefined {
    const row = this.table.rowOf(id);
    return row < 0 ? undefined : this.byRow[row];
  }

  set(id: number, value: V): this {
    this.byRow[this.table.add(id)] = value;
    return this;
  }

  delete(id: number): boolean {
    const row = this.table.delete(id);
    if (row < 0) return false;
    this.byRow[row] = undefined;
    return true;
  }

  /** The values, in no particular order. */
  *values(): IterableIterator<V> {
    const { table, byRow } = this;
    for (let row = 0; row < table.rows; row++) if (!Number.isNaN(table.idAt(row))) yield byRow[row]!;
  }

  /** The ids, in the order of `values()`. */
  *keys(): IterableIterator<number> {
    yield* this.table.ids();
  }
}
