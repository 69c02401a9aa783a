import Decimal from 'decimal.js';
import type { PairQuote } from '@contract/market';
import { CandleBuilder, type Bar } from './candles';
import { DayWindow } from './day-window';
import type { Instrument } from './catalog';
import { sessionOf } from './market-hours';
import type { FeedTicker, FeedTrade } from './feed';
import type { Period } from './periods';

const DAY_MS = 86_400_000;
const RECENT_TRADES = 30;

/** What the market service knows about one pair between ticks. */
export class PairState {
  readonly builder = new CandleBuilder();
  /** Closed candles of the last 24 h (hourly from before the start, then 1min), oldest first. */
  readonly day = new DayWindow();
  trades: FeedTrade[] = [];
  ticker: FeedTicker | undefined;
  last: string | undefined;
  /** Time of the last message of any kind (staleness). */
  lastTs = 0;
  /** Time of the last trade: candles only move forward. Tickers carry event times, not trade times. */
  lastTradeTs = 0;
  /** Where stored (live) candles begin; simulated or fetched history ends here. */
  anchor: { time: number; price: string };
  readonly history = new Map<Period, Bar[]>();
  /** Streams changed since they were last published. */
  readonly dirty = new Set<'daymarket' | 'kline' | 'market_depth' | 'match_trade'>();
  publishedAt = 0;
  publishedStale: boolean | undefined;
  /** Depth and trades come from the real order book: the feed's trades only price and chart. */
  realBook = false;

  constructor(
    readonly inst: Instrument,
    anchor: { time: number; price: string },
  ) {
    this.anchor = anchor;
  }

  onTrade(t: FeedTrade): { period: Period; bar: Bar }[] {
    if (t.ts < this.lastTradeTs) return [];
    this.last = t.price;
    this.lastTradeTs = t.ts;
    this.lastTs = Math.max(this.lastTs, t.ts);
    this.trades.push(t);
    if (this.trades.length > RECENT_TRADES) this.trades.shift();
    const closed = this.builder.apply(t);
    for (const c of closed) if (c.period === '1min') this.day.push(c.bar);
    // A feed with its own 24 h figures never asks the window; keep it a day long all the same.
    if (this.ticker) this.day.expire(t.ts - DAY_MS);
    this.dirty.add('daymarket').add('kline');
    if (!this.realBook) this.dirty.add('match_trade').add('market_depth');
    return closed;
  }

  onTicker(t: FeedTicker): void {
    this.ticker = t;
    this.last = t.last;
    this.lastTs = Math.max(this.lastTs, t.ts);
    this.dirty.add('daymarket');
  }

  isStale(now: number, staleMs: number): boolean {
    return this.lastTs === 0 || now - this.lastTs > staleMs;
  }

  /** 24 h change, high, low, volume: the exchange's own figures when it sends them. */
  stats(now: number): { change: string; high: string; low: string; volume: string } {
    if (this.ticker) {
      const t = this.ticker;
      return { change: new Decimal(t.changePct).toFixed(2), high: t.high, low: t.low, volume: t.volume };
    }
    this.day.expire(now - DAY_MS);
    const open = this.builder.open.get('1min');
    const closed = this.day.figures();
    const first = closed?.first ?? open;
    if (!first || !this.last) return { change: '0.00', high: this.last ?? '0', low: this.last ?? '0', volume: '0' };
    let high = closed?.high ?? first.high;
    let low = closed?.low ?? first.low;
    let volume = closed?.volume ?? new Decimal(0);
    if (open) {
      high = Decimal.max(high, open.high);
      low = Decimal.min(low, open.low);
      volume = volume.plus(open.volume);
    }
    const change = first.open.isZero()
      ? new Decimal(0)
      : new Decimal(this.last).minus(first.open).div(first.open).times(100);
    return {
      change: change.toFixed(2),
      high: high.toFixed(),
      low: low.toFixed(),
      volume: volume.toDecimalPlaces(4).toFixed(),
    };
  }

  quote(now: number, staleMs: number, source: PairQuote['source']): PairQuote {
    const { inst } = this;
    const session = sessionOf(inst, now);
    return {
      id: inst.id,
      symbol: inst.symbol,
      currency_id: inst.base.id,
      currency_name: inst.base.name,
      legal_id: inst.quote.id,
      legal_name: inst.quote.name,
      kind: inst.kind,
      now_price: this.last ?? '0',
      ...this.stats(now),
      logo: inst.base.image,
      open_lever: inst.openLever,
      open_microtrade: inst.openMicrotrade,
      price_decimals: inst.priceDecimals,
      source,
      stale: this.isStale(now, staleMs),
      ts: this.lastTs,
      market_open: session.open,
      opens_at: session.opens_at,
      ...inst.rules,
    };
  }
}
