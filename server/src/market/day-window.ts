import Decimal from 'decimal.js';
import type { Bar } from './candles';

/** Running volume sums with room to spare: adding and later removing a bar leaves no residue. */
const Sum = Decimal.clone({ precision: 80 });
type Sum = InstanceType<typeof Sum>;

/** A queue over an array: push and pop at the back, shift at the front, all O(1) amortized. */
class Deque<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  front(): T | undefined {
    return this.size > 0 ? this.items[this.head] : undefined;
  }

  back(): T | undefined {
    return this.size > 0 ? this.items[this.items.length - 1] : undefined;
  }

  push(item: T): void {
    this.items.push(item);
  }

  popBack(): void {
    if (this.size > 0) this.items.pop();
  }

  shift(): void {
    if (this.size === 0) return;
    this.items[this.head] = undefined;
    this.head++;
    // Drop the consumed prefix now and then, so a day of minutes does not keep every past bar.
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}

export interface WindowFigures {
  /** The oldest bar still in the window: its open is where the 24 h change starts. */
  first: Bar;
  high: Decimal;
  low: Decimal;
  volume: Decimal;
}

/**
 * The closed candles of the last 24 h with their figures kept up to date as bars come and go:
 * a running volume sum, and for high and low a monotonic queue each (bars that can still become
 * the extreme once older ones leave), so reading the figures costs the same after a day of
 * uptime as after a minute. Bars are pushed oldest first.
 */
export class DayWindow {
  private readonly bars = new Deque<Bar>();
  private readonly highs = new Deque<Bar>();
  private readonly lows = new Deque<Bar>();
  private volume: Sum = new Sum(0);
  /** Bars read or dropped so far: a work counter tests compare, not a time. */
  visited = 0;

  get size(): number {
    return this.bars.size;
  }

  push(bar: Bar): void {
    this.bars.push(bar);
    this.volume = this.volume.plus(bar.volume);
    // A bar no higher than a newer one can never be the high again; likewise for lows.
    for (let b = this.highs.back(); b && b.high.lte(bar.high); b = this.highs.back()) this.highs.popBack();
    this.highs.push(bar);
    for (let b = this.lows.back(); b && b.low.gte(bar.low); b = this.lows.back()) this.lows.popBack();
    this.lows.push(bar);
  }

  /** Drops the bars that began before `cutoff`. */
  expire(cutoff: number): void {
    for (let b = this.bars.front(); b && b.time < cutoff; b = this.bars.front()) {
      this.visited++;
      this.bars.shift();
      this.volume = this.volume.minus(b.volume);
      // Bars leave in time order, so one still queued for high or low is at the front.
      if (this.highs.front() === b) this.highs.shift();
      if (this.lows.front() === b) this.lows.shift();
    }
  }

  figures(): WindowFigures | undefined {
    const first = this.bars.front();
    const high = this.highs.front();
    const low = this.lows.front();
    if (!first || !high || !low) return undefined;
    this.visited += 3;
    return { first, high: high.high, low: low.low, volume: new Decimal(this.volume) };
  }
}
