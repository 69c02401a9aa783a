import { IdTable } from './id-table';
import { PriceSide } from './price-side';

interface Sides {
  atOrAbove: PriceSide;
  atOrBelow: PriceSide;
}

const keyOf = (id: number, price: string | number): number => {
  const key = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(key)) throw new Error(`trigger price ${price} of ${id}`);
  return key;
};

/**
 * Price-sorted triggers with one key each, per instrument (a pair, a collateral coin): stop
 * orders, price alerts, loan liquidations. A price finds what it sets off in O(log n + fired)
 * without looking at any trigger it does not reach (see `PriceSide`). A fired trigger leaves the
 * index; the caller puts back what should keep watching (a repeating alert, a moved trailing stop).
 *
 * What is kept of each id (its instrument, key and side) lies in dense arrays by the row of an
 * `IdTable`, not in an object per id, and taking an id out and putting it back costs the same
 * however often it happens.
 */
export class PriceTriggers {
  private readonly instruments = new Map<number, Sides>();
  private readonly rows = new IdTable();
  /** By row (of ids held; a free row keeps its last id's): the instrument, the key, and whether it fires at or above the key. */
  private readonly instrumentOf: number[] = [];
  private readonly keys: number[] = [];
  private readonly above: boolean[] = [];
  /** The ids one `fire` takes out of a side (reused). */
  private readonly taken: number[] = [];

  get size(): number {
    return this.rows.size;
  }

  has(id: number): boolean {
    return this.rows.has(id);
  }

  private sides(instrument: number): Sides {
    let s = this.instruments.get(instrument);
    if (!s) {
      s = { atOrAbove: new PriceSide(true), atOrBelow: new PriceSide(false) };
      this.instruments.set(instrument, s);
    }
    return s;
  }

  private sideOf(instrument: number, above: boolean): PriceSide {
    const s = this.sides(instrument);
    return above ? s.atOrAbove : s.atOrBelow;
  }

  /**
   * Watches `id` (again, replacing its previous key): it fires when the price is at or above
   * `price` (`above`), or at or below it.
   */
  upsert(id: number, instrument: number, price: string | number, above: boolean): void {
    const key = keyOf(id, price);
    this.remove(id);
    const row = this.rows.add(id);
    this.instrumentOf[row] = instrument;
    this.keys[row] = key;
    this.above[row] = above;
    this.sideOf(instrument, above).add(key, id);
  }

  remove(id: number): void {
    const row = this.rows.rowOf(id);
    if (row < 0) return;
    this.sideOf(this.instrumentOf[row]!, this.above[row]!).remove(this.keys[row]!, id);
    this.forget(id);
  }

  /** Takes `id` out of the table (its key is out of its side already); its row's fields wait for the next id. */
  private forget(id: number): void {
    this.rows.delete(id);
  }

  /** How many triggers of `instrument` `price` reaches, without changing anything. */
  reached(instrument: number, price: number): number {
    const s = this.instruments.get(instrument);
    return s ? s.atOrAbove.reached(price) + s.atOrBelow.reached(price) : 0;
  }

  /** The ids `price` sets off on `instrument`, each once, removed from the index. */
  fire(instrument: number, price: string | number): number[] {
    const s = this.instruments.get(instrument);
    if (!s) return [];
    const x = typeof price === 'number' ? price : Number(price);
    if (!Number.isFinite(x)) return [];
    const fired: number[] = [];
    const { taken } = this;
    for (const side of [s.atOrAbove, s.atOrBelow]) {
      taken.length = 0;
      // One key per id: each id a side takes is watched, and taken once.
      side.take(x, taken);
      for (const id of taken) {
        this.forget(id);
        fired.push(id);
      }
    }
    return fired;
  }
}
