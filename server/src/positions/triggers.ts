import { PriceSide } from '../triggers/price-side';

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

/** Triggers of one pair: those that fire when the price is at or above their key, and at or below. */
interface PairTriggers {
  atOrAbove: PriceSide;
  atOrBelow: PriceSide;
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

const keyOf = (id: number, price: string | null | undefined): number => {
  if (price === null || price === undefined) return NaN;
  const key = Number(price);
  if (!Number.isFinite(key)) throw new Error(`trigger price ${price} of position ${id}`);
  return key;
};

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
      p = { atOrAbove: new PriceSide(true), atOrBelow: new PriceSide(false) };
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
    this.place(w.id, e, (side, key, id) => side.add(key, id));
    this.byId.set(w.id, e);
  }

  private place(id: number, e: Entry, op: (side: PriceSide, key: number, id: number) => void): void {
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
    this.place(id, e, (side, key, id) => side.remove(key, id));
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
    return p.atOrAbove.reached(price) + p.atOrBelow.reached(price);
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
    const fired: Fired[] = [];
    for (const side of [p.atOrAbove, p.atOrBelow]) {
      side.fire(x, this.byId, (id, e) => {
        fired.push({ id, kind: this.kindAt(e, x) });
        this.dropAll(p, e, id, x);
      });
    }
    return fired;
  }

  /**
   * Takes a fired position's keys out, except those in buckets crossed whole: `fire` deletes
   * those buckets after visiting them (a side visited later has not been collected yet, but the
   * key it skips there lies in a bucket that side's visit will delete whole).
   */
  private dropAll(p: PairTriggers, e: Entry, id: number, x: number): void {
    const up = e.long ? p.atOrAbove : p.atOrBelow;
    const down = e.long ? p.atOrBelow : p.atOrAbove;
    down.drop(e.limit, id, x);
    up.drop(e.tp, id, x);
    down.drop(e.sl, id, x);
    down.drop(e.liq, id, x);
  }
}
