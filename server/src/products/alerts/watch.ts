import type { AlertKind } from '@contract/alerts';
import { RowFields } from '../../triggers/columns';
import { IdTable } from '../../triggers/id-table';
import { PriceSide } from '../../triggers/price-side';

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
 * A row's fields: the pair, the kind (its index in `KINDS`), the target price (`above`, `below`)
 * or percent (`change`), and the due time of a cooling alert (NaN: armed in its side; a heap
 * entry whose time differs is stale).
 */
const PAIR = 0;
const KIND = 1;
const KEY = 2;
const DUE = 3;
const FIELDS = 4;

/** The kinds by number (a row's `KIND`). */
const KINDS: readonly AlertKind[] = ['above', 'below', 'change'];
const CHANGE = 2;

/**
 * A pair's alerts in the price-sorted sides of the triggers core: `above` at or above their
 * price, `below` at or below it, `change` at or above their percent (fed the absolute 24 h change).
 */
interface PairSides {
  above: PriceSide;
  below: PriceSide;
  change: PriceSide;
}

/**
 * The active price alerts in memory: per pair, `above` and `below` alerts keyed by their price and
 * `change` alerts keyed by their percent in the `PriceSide`s of the triggers core
 * (`server/src/triggers/`). A tick costs O(log n + fired) whatever the number of alerts. A fired
 * alert leaves the index; the caller watches it again as the database then has it: a repeating
 * alert waits in a heap of due times until its cool-down has passed, then returns to the index at
 * the next tick.
 *
 * What the index keeps of an alert (pair, kind, key, end of cool-down) lies side by side in one
 * typed array by the row of one `IdTable`, so a tick touches no object per alert: the sides hold
 * ids, each id reached is one lookup of its row, and a cooled alert is put back from its row's
 * fields. Ids taken out and put back (every firing of a repeating alert) cost the same however
 * often it happens.
 */
export class AlertIndex {
  private readonly pairs = new Map<number, PairSides>();
  private readonly rows = new IdTable();
  /** `FIELDS` numbers by row. */
  private readonly fields = new RowFields(FIELDS);
  private readonly cooling = new DueHeap();

  get size(): number {
    return this.rows.size;
  }

  has(id: number): boolean {
    return this.rows.has(id);
  }

  /** The ids of the alerts watched (indexed or cooling). */
  ids(): number[] {
    return this.rows.ids();
  }

  private sides(pairId: number): PairSides {
    let s = this.pairs.get(pairId);
    if (!s) {
      s = { above: new PriceSide(true), below: new PriceSide(false), change: new PriceSide(true) };
      this.pairs.set(pairId, s);
    }
    return s;
  }

  /** The side an armed row's key lies in. */
  private sideOf(row: number): PriceSide {
    const v = this.fields.values;
    const s = this.sides(v[row * FIELDS + PAIR]!);
    const kind = v[row * FIELDS + KIND]!;
    return kind === CHANGE ? s.change : kind === 0 ? s.above : s.below;
  }

  /** Watches an active alert (again, replacing what was watched of it) as of `now` (epoch ms). */
  watch(a: Watched, now: number): void {
    this.forget(a.id);
    const row = this.rows.add(a.id);
    const at = this.fields.reserve(row);
    const v = this.fields.values;
    v[at + PAIR] = a.pairId;
    v[at + KIND] = KINDS.indexOf(a.kind);
    v[at + KEY] = a.key;
    // Armed unless cooling; a reused row keeps nothing of its former id.
    v[at + DUE] = NaN;
    const due = a.repeat && a.lastFiredAt !== null ? a.lastFiredAt + a.cooldownMs : 0;
    if (due > now) {
      v[at + DUE] = due;
      this.cooling.push(due, a.id);
    } else this.arm(a.id, row);
  }

  private arm(id: number, row: number): void {
    const key = this.fields.values[row * FIELDS + KEY]!;
    if (!Number.isFinite(key)) throw new Error(`trigger price ${key} of ${id}`);
    this.sideOf(row).add(key, id);
    this.fields.values[row * FIELDS + DUE] = NaN;
  }

  forget(id: number): void {
    const row = this.rows.rowOf(id);
    if (row < 0) return;
    const v = this.fields.values;
    if (Number.isNaN(v[row * FIELDS + DUE]!)) this.sideOf(row).remove(v[row * FIELDS + KEY]!, id);
    // A cooling alert's heap entry is skipped when it comes up.
    this.rows.delete(id);
  }

  /** Puts back into the index the cooling alerts whose cool-down ended at or before `now`. */
  private rearm(now: number): void {
    for (let due = this.cooling.peek(); due !== undefined && due <= now; due = this.cooling.peek()) {
      const id = this.cooling.pop();
      const row = this.rows.rowOf(id);
      if (row < 0 || this.fields.values[row * FIELDS + DUE] !== due) continue;
      this.arm(id, row);
    }
  }

  /** The `above` and `below` alerts a trade of `pairId` at `price` fires, each taken out of the index. */
  trade(pairId: number, price: number, now: number): number[] {
    this.rearm(now);
    const s = this.pairs.get(pairId);
    if (!s || !Number.isFinite(price)) return [];
    const fired: number[] = [];
    s.above.take(price, fired);
    s.below.take(price, fired);
    return this.take(fired);
  }

  /** The `change` alerts a 24 h change of `change` percent (signed) on `pairId` fires. */
  change(pairId: number, change: number, now: number): number[] {
    this.rearm(now);
    const s = this.pairs.get(pairId);
    const x = Math.abs(change);
    if (!s || !Number.isFinite(x)) return [];
    const fired: number[] = [];
    s.change.take(x, fired);
    return this.take(fired);
  }

  /** Fired alerts leave the index (one key per alert: each id a side takes was armed, and is taken once). */
  private take(ids: number[]): number[] {
    for (const id of ids) this.rows.delete(id);
    return ids;
  }
}
