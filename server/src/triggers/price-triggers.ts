import { PriceSide } from './price-side';

/** One watched trigger: fires once when its instrument's price reaches `key` from `above` or below. */
interface Entry {
  instrument: number;
  key: number;
  above: boolean;
}

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
 */
export class PriceTriggers {
  private readonly instruments = new Map<number, Sides>();
  private readonly byId = new Map<number, Entry>();

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  private sides(instrument: number): Sides {
    let s = this.instruments.get(instrument);
    if (!s) {
      s = { atOrAbove: new PriceSide(true), atOrBelow: new PriceSide(false) };
      this.instruments.set(instrument, s);
    }
    return s;
  }

  private sideOf(e: Entry): PriceSide {
    const s = this.sides(e.instrument);
    return e.above ? s.atOrAbove : s.atOrBelow;
  }

  /**
   * Watches `id` (again, replacing its previous key): it fires when the price is at or above
   * `price` (`above`), or at or below it.
   */
  upsert(id: number, instrument: number, price: string | number, above: boolean): void {
    this.remove(id);
    const e: Entry = { instrument, key: keyOf(id, price), above };
    this.sideOf(e).add(e.key, id);
    this.byId.set(id, e);
  }

  remove(id: number): void {
    const e = this.byId.get(id);
    if (!e) return;
    this.sideOf(e).remove(e.key, id);
    this.byId.delete(id);
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
    for (const side of [s.atOrAbove, s.atOrBelow]) {
      side.fire(x, this.byId, (id, e) => {
        fired.push(id);
        side.drop(e.key, id, x);
      });
    }
    return fired;
  }
}
