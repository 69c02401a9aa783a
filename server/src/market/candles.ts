import Decimal from 'decimal.js';
import type { Candle } from '@contract/market';
import { bucketStart, PERIODS, type Period } from './periods';

/** A trade as candles see it: decimal strings, epoch ms. */
export interface TickIn {
  price: string;
  amount: string;
  ts: number;
}

export interface Bar {
  time: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
}

/** Wire form: plain decimal strings (never exponent notation). */
export function toCandle(b: Bar): Candle {
  return {
    time: b.time,
    open: b.open.toFixed(),
    high: b.high.toFixed(),
    low: b.low.toFixed(),
    close: b.close.toFixed(),
    volume: b.volume.toFixed(),
  };
}

export function fromCandle(c: Candle): Bar {
  return {
    time: c.time,
    open: new Decimal(c.open),
    high: new Decimal(c.high),
    low: new Decimal(c.low),
    close: new Decimal(c.close),
    volume: new Decimal(c.volume),
  };
}

/**
 * The open candle of every period for one instrument, updated tick by tick. A tick older than
 * the open candle of a period is ignored for that period: a closed candle is never rewritten.
 */
export class CandleBuilder {
  readonly open = new Map<Period, Bar>();

  /** Continues a candle loaded from storage (after a restart within the same bucket). */
  resume(period: Period, bar: Bar): void {
    this.open.set(period, bar);
  }

  /** Applies a tick; returns the candles it closed (their bucket has ended). */
  apply(tick: TickIn): { period: Period; bar: Bar }[] {
    const price = new Decimal(tick.price);
    const amount = new Decimal(tick.amount);
    const closed: { period: Period; bar: Bar }[] = [];
    for (const period of PERIODS) {
      const start = bucketStart(period, tick.ts);
      const bar = this.open.get(period);
      if (bar && start < bar.time) continue;
      if (bar && start === bar.time) {
        if (price.gt(bar.high)) bar.high = price;
        if (price.lt(bar.low)) bar.low = price;
        bar.close = price;
        bar.volume = bar.volume.plus(amount);
        continue;
      }
      if (bar) closed.push({ period, bar });
      this.open.set(period, { time: start, open: price, high: price, low: price, close: price, volume: amount });
    }
    return closed;
  }
}
