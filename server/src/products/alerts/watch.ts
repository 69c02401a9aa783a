import type { AlertKind } from '@contract/alerts';
import { PriceTriggers } from '../../triggers/price-triggers';

/** An active alert as the index needs it. */
export interface Watched {
  id: number;
  pairId: number;
  kind: AlertKind;
  /** The target price (`above`, `below`) or percent (`change`). */
  key: number;
  repeat: boolean;
  cooldownMs: number;
  /** Epoch ms of the last firing, or null. */
  lastFiredAt: number | null;
}

/** A binary min-heap of (due time, id): the repeating alerts waiting out their cool-down. */
class DueHeap {
  private readonly due: number[] = [];
  private readonly ids: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  peek(): number | undefined {
    return this.due[0];
  }

  push(due: number, id: number): void {
    const { due: d, ids } = this;
    let i = d.length;
    d.push(due);
    ids.push(id);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (d[p]! <= due) break;
      d[i] = d[p]!;
      ids[i] = ids[p]!;
      i = p;
    }
    d[i] = due;
    ids[i] = id;
  }

  /** Removes and returns the id with the earliest due time. */
  pop(): number {
    const { due: d, ids } = this;
    const top = ids[0]!;
    const lastDue = d.pop()!;
    const lastId = ids.pop()!;
    const n = d.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const c = l + 1 < n && d[l + 1]! < d[l]! ? l + 1 : l;
        if (d[c]! >= lastDue) break;
        d[i] = d[c]!;
        ids[i] = ids[c]!;
        i = c;
      }
      d[i] = lastDue;
      ids[i] = lastId;
    }
    return top;
  }
}

/**
 * The active price alerts in memory: `above` and `below` alerts keyed by their price in one
 * `PriceTriggers` (the shared price-sorted index of `server/src/triggers/`, instrument = pair),
 * `change` alerts keyed by their percent in another, fed the absolute 24 h change (at or above the
 * key fires). A tick costs O(log n + fired) whatever the number of alerts. A fired alert leaves the
 * index; the caller watches it again as the database then has it: a repeating alert waits in a
 * heap of due times until its cool-down has passed, then returns to the index at the next tick.
 */
export class AlertIndex {
  private readonly prices = new PriceTriggers();
  private readonly changes = new PriceTriggers();
  private readonly cooling = new DueHeap();
  /** Every watched alert (indexed or cooling), by id. */
  private readonly watched = new Map<number, Watched>();
  /** The due time of each cooling alert; a heap entry whose time differs is stale. */
  private readonly coolingUntil = new Map<number, number>();

  get size(): number {
    return this.watched.size;
  }

  has(id: number): boolean {
    return this.watched.has(id);
  }

  /** Watches an active alert (again, replacing what was watched of it) as of `now` (epoch ms). */
  watch(a: Watched, now: number): void {
    this.forget(a.id);
    this.watched.set(a.id, a);
    const due = a.repeat && a.lastFiredAt !== null ? a.lastFiredAt + a.cooldownMs : 0;
    if (due > now) {
      this.coolingUntil.set(a.id, due);
      this.cooling.push(due, a.id);
    } else this.arm(a);
  }

  private arm(a: Watched): void {
    if (a.kind === 'change') this.changes.upsert(a.id, a.pairId, a.key, true);
    else this.prices.upsert(a.id, a.pairId, a.key, a.kind === 'above');
  }

  forget(id: number): void {
    if (!this.watched.delete(id)) return;
    this.prices.remove(id);
    this.changes.remove(id);
    // Its heap entry, if any, is skipped when it comes up.
    this.coolingUntil.delete(id);
  }

  /** Puts back into the index the cooling alerts whose cool-down ended at or before `now`. */
  private rearm(now: number): void {
    for (let due = this.cooling.peek(); due !== undefined && due <= now; due = this.cooling.peek()) {
      const id = this.cooling.pop();
      if (this.coolingUntil.get(id) !== due) continue;
      this.coolingUntil.delete(id);
      const a = this.watched.get(id);
      if (a) this.arm(a);
    }
  }

  /** The `above` and `below` alerts a trade of `pairId` at `price` fires, each taken out of the index. */
  trade(pairId: number, price: number, now: number): number[] {
    this.rearm(now);
    return this.take(this.prices.fire(pairId, price));
  }

  /** The `change` alerts a 24 h change of `change` percent (signed) on `pairId` fires. */
  change(pairId: number, change: number, now: number): number[] {
    this.rearm(now);
    return this.take(this.changes.fire(pairId, Math.abs(change)));
  }

  private take(ids: number[]): number[] {
    for (const id of ids) this.watched.delete(id);
    return ids;
  }
}
