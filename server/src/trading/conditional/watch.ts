import { trailTriggerTicks } from '@contract/domain/trailing';
import { IdMap } from '../../triggers/id-table';
import { PriceTriggers } from '../../triggers/price-triggers';
import type { ConditionalState } from './types';

/**
 * A trailing stop's trigger for its best price: below the highest trade for a sell (rounded down,
 * never under one tick), above the lowest for a buy (rounded up). The rule is shared with the
 * futures trailing stops (`contract/domain/trailing.ts`).
 */
export function trailTrigger(c: Pick<ConditionalState, 'side' | 'trailTicks' | 'trailBps'>, best: number): number {
  return trailTriggerTicks(c.side === 'sell', best, { ticks: c.trailTicks, bps: c.trailBps });
}

/**
 * The waiting conditional orders of every pair in memory, with two price-sorted indexes: their
 * triggers, and for trailing stops the price that would move their best price (just above the
 * highest for a sell, just below the lowest for a buy). A trade visits only what it reaches.
 * The orders are kept by id in an `IdMap`: a stop taken out and put back (a moved trailing stop,
 * a rebuild) costs the same however often it happens, where a `Map` of a million entries slowed
 * with every deletion until it rehashed.
 */
export class Watch {
  readonly waiting = new IdMap<ConditionalState>();
  private readonly stops = new PriceTriggers();
  private readonly bests = new PriceTriggers();
  /** The last trade price of each pair in ticks, as the book made it. */
  readonly last = new Map<number, number>();

  get size(): number {
    return this.waiting.size;
  }

  add(c: ConditionalState): void {
    this.waiting.set(c.id, c);
    this.index(c);
  }

  private index(c: ConditionalState): void {
    this.stops.upsert(c.id, c.pairId, c.triggerPrice, c.above);
    if (c.kind === 'trailing_stop' && c.bestPrice !== null) {
      this.bests.upsert(c.id, c.pairId, c.above ? c.bestPrice - 1 : c.bestPrice + 1, !c.above);
    }
  }

  remove(id: number): void {
    this.waiting.delete(id);
    this.stops.remove(id);
    this.bests.remove(id);
  }

  /**
   * A trade of `pairId` at `price` (ticks): trailing stops whose best price it improves move
   * (`moved`), then the orders it reaches leave the watch (`fired`, in id order, which is the
   * order they were placed in).
   */
  trade(pairId: number, price: number): { fired: ConditionalState[]; moved: ConditionalState[] } {
    this.last.set(pairId, price);
    const moved: ConditionalState[] = [];
    for (const id of this.bests.fire(pairId, price)) {
      const c = this.waiting.get(id)!;
      c.bestPrice = price;
      c.triggerPrice = trailTrigger(c, price);
      this.index(c);
      moved.push(c);
    }
    const ids = this.stops.fire(pairId, price);
    if (ids.length > 1) ids.sort((a, b) => a - b);
    const fired: ConditionalState[] = [];
    for (const id of ids) {
      const c = this.waiting.get(id)!;
      this.remove(id);
      fired.push(c);
    }
    return { fired, moved };
  }

  /** Replaces a pair's waiting orders (the core's rebuild after a failed batch, and its start). */
  reset(pairId: number, orders: ConditionalState[], last: number | undefined): void {
    // The pair's own ids first (removing moves rows), without copying the whole watch.
    const gone: number[] = [];
    for (const c of this.waiting.values()) if (c.pairId === pairId) gone.push(c.id);
    for (const id of gone) this.remove(id);
    for (const c of orders) this.add(c);
    if (last === undefined) this.last.delete(pairId);
    else this.last.set(pairId, last);
  }
}
