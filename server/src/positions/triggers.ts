import { priceOfTicks, trailTriggerTicks, type TrailUnits } from '@contract/domain/trailing';
import { trailBestTicks, trailUnitsOf, type LeverTrail } from '@contract/futures';
import { PriceSide } from '../triggers/price-side';
import { PriceTriggers } from '../triggers/price-triggers';

/**
 * What a price can set off: a close (take-profit, stop-loss, trailing stop, liquidation) or a
 * pending limit open.
 */
export type TriggerKind = 'take_profit' | 'stop_loss' | 'trailing_stop' | 'liquidation' | 'limit_open';

/** An open position's trailing stop as the index needs it. */
export interface WatchedTrail extends LeverTrail {
  /** The best mark since it was set (as stored). */
  best: string;
  /** When it was set (epoch ms); handed back with every move, for the conditional write. */
  since: number;
  priceDecimals: number;
}

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
  trail?: WatchedTrail | null;
}

export interface Fired {
  id: number;
  kind: TriggerKind;
  /** The best mark of a trailing stop that fired. */
  trailBest?: string;
}

/** A trailing stop whose best mark a price improved: its new best and trigger. */
export interface TrailMove {
  id: number;
  /** 1 long, 2 short. */
  side: 1 | 2;
  best: string;
  trigger: string;
  since: number;
}

/** A trailing stop in the index: its trail and best mark in ticks of the pair's price grid. */
interface Trail {
  units: TrailUnits;
  best: number;
  decimals: number;
  since: number;
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
  /** The trailing trigger. */
  trail: number;
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
 * - at or above the key: long take-profit, short stop-loss and trailing stop, short liquidation,
 *   short limit open;
 * - at or below the key: long stop-loss and trailing stop, long liquidation, short take-profit, long
 *   limit open.
 * A trailing stop has a second key in `bests`: one tick past its best mark, where a price moves
 * the best and so the trigger (`follow`), in O(log n + moved) like a fire.
 * Keys are the prices as doubles: decimal strings of at most 15 significant digits (prices on a
 * pair's grid) convert in order, so comparisons agree with the decimals. A fired position leaves
 * the index entirely (a position closes or opens once); the caller puts an opened one back. When one
 * price crosses several triggers of a position (a gap), the user's own take-profit, stop-loss or
 * trailing stop wins over liquidation; it closes at the same feed price either way.
 */
export class TriggerIndex {
  private readonly pairs = new Map<number, PairTriggers>();
  private readonly byId = new Map<number, Entry>();
  private readonly trails = new Map<number, Trail>();
  private readonly bests = new PriceTriggers();

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

  /**
   * Watches a position (again): its previous triggers are replaced. A trailing stop set at the same
   * time as the one watched is the same trail: it keeps the better of the two bests (the index's
   * may be ahead of a row read before its last move was stored).
   */
  upsert(w: Watched): void {
    const before = this.trails.get(w.id);
    this.remove(w.id);
    const pending = w.status === 'pending';
    const trail = pending || !w.trail ? undefined : trailOf(w.side, w.trail);
    if (trail && before?.since === trail.since) {
      trail.best = w.side === 1 ? Math.max(trail.best, before.best) : Math.min(trail.best, before.best);
    }
    const e: Entry = {
      pairId: w.pairId,
      long: w.side === 1,
      pending,
      tp: pending ? NaN : keyOf(w.id, w.takeProfit),
      sl: pending ? NaN : keyOf(w.id, w.stopLoss),
      trail: trail ? Number(triggerOf(w.side === 1, trail)) : NaN,
      liq: pending ? NaN : keyOf(w.id, w.liquidation),
      limit: pending ? keyOf(w.id, w.limit) : NaN,
    };
    if ([e.tp, e.sl, e.trail, e.liq, e.limit].every(Number.isNaN)) return;
    this.place(w.id, e, (side, key, id) => side.add(key, id));
    this.byId.set(w.id, e);
    if (trail) {
      this.trails.set(w.id, trail);
      this.watchBest(w.id, e, trail);
    }
  }

  /** The price one tick past the best mark: reaching it moves the best (long above, short below). */
  private watchBest(id: number, e: Entry, t: Trail): void {
    this.bests.upsert(id, e.pairId, priceOfTicks(e.long ? t.best + 1 : t.best - 1, t.decimals), e.long);
  }

  /** A watched trailing stop's best mark and trigger now. */
  trail(id: number): { best: string; trigger: string } | undefined {
    const t = this.trails.get(id);
    const e = this.byId.get(id);
    if (!t || !e) return undefined;
    return { best: priceOfTicks(t.best, t.decimals), trigger: triggerOf(e.long, t) };
  }

  /**
   * Moves the trailing stops of `pairId` whose best mark `price` improves: their best becomes the
   * price (on the grid) and their trigger follows it, only ever in the position's favour. Returns
   * what moved, for the caller to store.
   */
  follow(pairId: number, price: string): TrailMove[] {
    if (!PLAIN.test(price)) return [];
    const ids = this.bests.fire(pairId, price);
    if (ids.length === 0) return [];
    const sides = this.pairs.get(pairId)!;
    const moves: TrailMove[] = [];
    for (const id of ids) {
      const e = this.byId.get(id);
      const t = this.trails.get(id);
      if (!e || !t) continue;
      const side = e.long ? 1 : 2;
      const mark = trailBestTicks(side, price, t.decimals);
      t.best = e.long ? Math.max(t.best, mark) : Math.min(t.best, mark);
      const down = e.long ? sides.atOrBelow : sides.atOrAbove;
      down.remove(e.trail, id);
      const trigger = triggerOf(e.long, t);
      e.trail = Number(trigger);
      down.add(e.trail, id);
      this.watchBest(id, e, t);
      moves.push({ id, side, best: priceOfTicks(t.best, t.decimals), trigger, since: t.since });
    }
    return moves;
  }

  private place(id: number, e: Entry, op: (side: PriceSide, key: number, id: number) => void): void {
    const { atOrAbove, atOrBelow } = this.pair(e.pairId);
    const up = e.long ? atOrAbove : atOrBelow;
    const down = e.long ? atOrBelow : atOrAbove;
    op(down, e.limit, id);
    op(up, e.tp, id);
    op(down, e.sl, id);
    op(down, e.trail, id);
    op(down, e.liq, id);
  }

  /** Stops watching a position (closed, cancelled). */
  remove(id: number): void {
    const e = this.byId.get(id);
    if (!e) return;
    this.place(id, e, (side, key, id) => side.remove(key, id));
    this.byId.delete(id);
    this.forgetTrail(id);
  }

  private forgetTrail(id: number): void {
    this.trails.delete(id);
    this.bests.remove(id);
  }

  /** Which trigger of a position `price` sets off; the user's stops win over liquidation. */
  private kindAt(e: Entry, x: number): TriggerKind {
    if (e.pending) return 'limit_open';
    if (e.long ? x >= e.tp : x <= e.tp) return 'take_profit';
    if (e.long ? x <= e.sl : x >= e.sl) return 'stop_loss';
    if (e.long ? x <= e.trail : x >= e.trail) return 'trailing_stop';
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
        const kind = this.kindAt(e, x);
        const t = kind === 'trailing_stop' ? this.trails.get(id) : undefined;
        fired.push(t ? { id, kind, trailBest: priceOfTicks(t.best, t.decimals) } : { id, kind });
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
    down.drop(e.trail, id, x);
    down.drop(e.liq, id, x);
    this.forgetTrail(id);
  }
}

const PLAIN = /^\d+(?:\.\d+)?$/;

function trailOf(side: 1 | 2, w: WatchedTrail): Trail {
  return {
    units: trailUnitsOf(w, w.priceDecimals),
    best: trailBestTicks(side, w.best, w.priceDecimals),
    decimals: w.priceDecimals,
    since: w.since,
  };
}

/** The trailing trigger of a best mark, as a plain decimal (the rule of `contract/domain/trailing.ts`). */
const triggerOf = (long: boolean, t: Trail): string =>
  priceOfTicks(trailTriggerTicks(long, t.best, t.units), t.decimals);
