import { priceOfTicks, trailTriggerTicks, type TrailUnits } from '@contract/domain/trailing';
import { trailBestTicks, trailUnitsOf, type LeverTrail } from '@contract/futures';
import { PriceSide } from '../triggers/price-side';
import { RowFields } from '../triggers/columns';
import { IdTable } from '../triggers/id-table';
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
  /** The best mark of a trailing stop that fired, and when its trail was set (epoch ms). */
  trailBest?: string;
  trailSince?: number;
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

/** A position's keys (NaN: none): take-profit, stop-loss, trailing trigger, liquidation, limit open. */
interface Keys {
  tp: number;
  sl: number;
  trail: number;
  liq: number;
  limit: number;
}

/** A row's fields in `hot` (what a tick reads) and `trails` (a trailing stop's rule). */
const PAIR = 0;
const FLAGS = 1;
const TP = 2;
const SL = 3;
/** The trailing trigger. */
const TRAIL = 4;
const LIQ = 5;
const LIMIT = 6;
/** A trailing stop's best mark in ticks. */
const BEST = 7;
const HOT = 8;
/** A trailing stop's distance in ticks or basis points (NaN: the other), grid and when it was set. */
const TICKS = 0;
const BPS = 1;
const DECIMALS = 2;
const SINCE = 3;
const TRAIL_FIELDS = 4;
/** Flags of a row. */
const LONG = 1;
const PENDING = 2;
const TRAILING = 4;

const keyOf = (id: number, price: string | null | undefined): number => {
  if (price === null || price === undefined) return NaN;
  const key = Number(price);
  if (!Number.isFinite(key)) throw new Error(`trigger price ${price} of position ${id}`);
  return key;
};

const orNaN = (x: number | null): number => (x === null ? NaN : x);
const orNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

/**
 * Price-sorted trigger indexes per pair and direction (price buckets of `PriceSide`). A tick finds
 * what it sets off in O(log n + fired) without looking at any position it does not trigger:
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
 *
 * What the index keeps of a position (pair, side, keys, trail) lies in typed arrays by the row of
 * an `IdTable` (`triggers/id-table.ts`), not in objects in `Map`s by id: positions closed and
 * opened, and trailing stops that move, cost the same however often it happens.
 */
export class TriggerIndex {
  private readonly pairs = new Map<number, PairTriggers>();
  private readonly rows = new IdTable();
  /** By row: pair, flags (`LONG`, `PENDING`, `TRAILING`), keys and best mark. */
  private readonly hot = new RowFields(HOT);
  /** By row: a trailing stop's rule. */
  private readonly trails = new RowFields(TRAIL_FIELDS);
  private readonly bests = new PriceTriggers();
  /** The row of an id for `PriceSide.fire`; its deletion frees the row. */
  private readonly watched = {
    get: (id: number): number | undefined => {
      const row = this.rows.rowOf(id);
      return row < 0 ? undefined : row;
    },
    delete: (id: number): number => this.rows.delete(id),
  };

  /** Positions watched. */
  get size(): number {
    return this.rows.size;
  }

  has(id: number): boolean {
    return this.rows.has(id);
  }

  /** The ids of the positions watched. */
  ids(): number[] {
    return this.rows.ids();
  }

  private pair(pairId: number): PairTriggers {
    let p = this.pairs.get(pairId);
    if (!p) {
      p = { atOrAbove: new PriceSide(true), atOrBelow: new PriceSide(false) };
      this.pairs.set(pairId, p);
    }
    return p;
  }

  private get(row: number, field: number): number {
    return this.hot.values[row * HOT + field]!;
  }

  private put(row: number, field: number, value: number): void {
    this.hot.values[row * HOT + field] = value;
  }

  private trailField(row: number, field: number): number {
    return this.trails.values[row * TRAIL_FIELDS + field]!;
  }

  private isLong(row: number): boolean {
    return (this.get(row, FLAGS) & LONG) !== 0;
  }

  /** The trailing stop of a row, or undefined. */
  private trailAt(row: number): Trail | undefined {
    if ((this.get(row, FLAGS) & TRAILING) === 0) return undefined;
    return {
      units: { ticks: orNull(this.trailField(row, TICKS)), bps: orNull(this.trailField(row, BPS)) },
      best: this.get(row, BEST),
      decimals: this.trailField(row, DECIMALS),
      since: this.trailField(row, SINCE),
    };
  }

  /**
   * Watches a position (again): its previous triggers are replaced. A trailing stop set at the same
   * time as the one watched is the same trail: it keeps the better of the two bests (the index's
   * may be ahead of a row read before its last move was stored).
   */
  upsert(w: Watched): void {
    const was = this.rows.rowOf(w.id);
    const before = was < 0 ? undefined : this.trailAt(was);
    this.remove(w.id);
    const pending = w.status === 'pending';
    const trail = pending || !w.trail ? undefined : trailOf(w.side, w.trail);
    if (trail && before?.since === trail.since) {
      trail.best = w.side === 1 ? Math.max(trail.best, before.best) : Math.min(trail.best, before.best);
    }
    const keys: Keys = {
      tp: pending ? NaN : keyOf(w.id, w.takeProfit),
      sl: pending ? NaN : keyOf(w.id, w.stopLoss),
      trail: trail ? Number(triggerOf(w.side === 1, trail)) : NaN,
      liq: pending ? NaN : keyOf(w.id, w.liquidation),
      limit: pending ? keyOf(w.id, w.limit) : NaN,
    };
    if ([keys.tp, keys.sl, keys.trail, keys.liq, keys.limit].every(Number.isNaN)) return;
    const row = this.rows.add(w.id);
    this.hot.reserve(row);
    this.put(row, PAIR, w.pairId);
    this.put(row, FLAGS, (w.side === 1 ? LONG : 0) | (pending ? PENDING : 0) | (trail ? TRAILING : 0));
    this.put(row, TP, keys.tp);
    this.put(row, SL, keys.sl);
    this.put(row, TRAIL, keys.trail);
    this.put(row, LIQ, keys.liq);
    this.put(row, LIMIT, keys.limit);
    this.place(w.id, row, (side, key, id) => side.add(key, id));
    if (trail) {
      const at = this.trails.reserve(row);
      this.trails.values[at + TICKS] = orNaN(trail.units.ticks);
      this.trails.values[at + BPS] = orNaN(trail.units.bps);
      this.put(row, BEST, trail.best);
      this.trails.values[at + DECIMALS] = trail.decimals;
      this.trails.values[at + SINCE] = trail.since;
      this.watchBest(w.id, row);
    }
  }

  /** The price one tick past the best mark: reaching it moves the best (long above, short below). */
  private watchBest(id: number, row: number): void {
    const long = this.isLong(row);
    const best = this.get(row, BEST);
    const price = priceOfTicks(long ? best + 1 : best - 1, this.trailField(row, DECIMALS));
    this.bests.upsert(id, this.get(row, PAIR), price, long);
  }

  /** A watched trailing stop's best mark and trigger now. */
  trail(id: number): { best: string; trigger: string } | undefined {
    const row = this.rows.rowOf(id);
    const t = row < 0 ? undefined : this.trailAt(row);
    if (!t) return undefined;
    return { best: priceOfTicks(t.best, t.decimals), trigger: triggerOf(this.isLong(row), t) };
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
      const row = this.rows.rowOf(id);
      const t = row < 0 ? undefined : this.trailAt(row);
      if (!t) continue;
      const long = this.isLong(row);
      const side = long ? 1 : 2;
      const mark = trailBestTicks(side, price, t.decimals);
      t.best = long ? Math.max(t.best, mark) : Math.min(t.best, mark);
      this.put(row, BEST, t.best);
      const down = long ? sides.atOrBelow : sides.atOrAbove;
      down.remove(this.get(row, TRAIL), id);
      const trigger = triggerOf(long, t);
      this.put(row, TRAIL, Number(trigger));
      down.add(this.get(row, TRAIL), id);
      this.watchBest(id, row);
      moves.push({ id, side, best: priceOfTicks(t.best, t.decimals), trigger, since: t.since });
    }
    return moves;
  }

  private place(id: number, row: number, op: (side: PriceSide, key: number, id: number) => void): void {
    const { atOrAbove, atOrBelow } = this.pair(this.get(row, PAIR));
    const long = this.isLong(row);
    const up = long ? atOrAbove : atOrBelow;
    const down = long ? atOrBelow : atOrAbove;
    op(down, this.get(row, LIMIT), id);
    op(up, this.get(row, TP), id);
    op(down, this.get(row, SL), id);
    op(down, this.get(row, TRAIL), id);
    op(down, this.get(row, LIQ), id);
  }

  /** Stops watching a position (closed, cancelled). */
  remove(id: number): void {
    const row = this.rows.rowOf(id);
    if (row < 0) return;
    this.place(id, row, (side, key, id) => side.remove(key, id));
    this.forgetTrail(id, row);
    this.rows.delete(id);
  }

  private forgetTrail(id: number, row: number): void {
    this.put(row, FLAGS, this.get(row, FLAGS) & ~TRAILING);
    this.bests.remove(id);
  }

  /** Which trigger of a position `price` sets off; the user's stops win over liquidation. */
  private kindAt(row: number, x: number): TriggerKind {
    const f = this.get(row, FLAGS);
    if ((f & PENDING) !== 0) return 'limit_open';
    const long = (f & LONG) !== 0;
    const tp = this.get(row, TP);
    const sl = this.get(row, SL);
    const trail = this.get(row, TRAIL);
    if (long ? x >= tp : x <= tp) return 'take_profit';
    if (long ? x <= sl : x >= sl) return 'stop_loss';
    if (long ? x <= trail : x >= trail) return 'trailing_stop';
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
      side.fire(x, this.watched, (id, row) => {
        const kind = this.kindAt(row, x);
        const t = kind === 'trailing_stop' ? this.trailAt(row) : undefined;
        fired.push(t ? { id, kind, trailBest: priceOfTicks(t.best, t.decimals), trailSince: t.since } : { id, kind });
        this.dropAll(p, row, id, x);
      });
    }
    return fired;
  }

  /**
   * Takes a fired position's keys out, except those in buckets crossed whole: `fire` deletes
   * those buckets after visiting them (a side visited later has not been collected yet, but the
   * key it skips there lies in a bucket that side's visit will delete whole).
   */
  private dropAll(p: PairTriggers, row: number, id: number, x: number): void {
    const long = this.isLong(row);
    const up = long ? p.atOrAbove : p.atOrBelow;
    const down = long ? p.atOrBelow : p.atOrAbove;
    down.drop(this.get(row, LIMIT), id, x);
    up.drop(this.get(row, TP), id, x);
    down.drop(this.get(row, SL), id, x);
    down.drop(this.get(row, TRAIL), id, x);
    down.drop(this.get(row, LIQ), id, x);
    this.forgetTrail(id, row);
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
