import type { PairQuote } from '@contract/market';
import type { MarketHub } from './hub';
import type { MarketFeed } from './feed';
import type { PairState } from './pair-state';
import type { BookSource } from './runtime';
import { PERIODS } from './periods';
import { toCandle } from './candles';

/** Hub messages per pair and stream come at most this often (the contract's "about one a second"). */
export const PUBLISH_INTERVAL_MS = 1000;
const DEPTH_LEVELS = 10;

/**
 * Publishes what changed for one pair since its last publication, at most once per interval; a
 * pair turning stale (or fresh again) is published even without new trades, so screens can say so.
 * `quote` is the pair's quote of this tick: sockets get the figures the API serves. With the real
 * order book (`book`), depth and trades are the book's, published when a committed batch changed it.
 */
export function publishDue(
  hub: MarketHub,
  s: PairState,
  feed: MarketFeed,
  now: number,
  quote: PairQuote,
  book?: BookSource,
): void {
  const { stale } = quote;
  const staleChanged = s.publishedStale !== undefined && s.publishedStale !== stale;
  if (s.dirty.size === 0 && !staleChanged) return;
  if (now - s.publishedAt < PUBLISH_INTERVAL_MS - 50 && !staleChanged) return;
  const symbol = s.inst.symbol;
  if ((s.dirty.has('daymarket') || staleChanged) && s.last) {
    const { change, high, low, volume } = quote;
    hub.publish({ type: 'daymarket', symbol, now_price: s.last, change, high, low, volume, stale, ts: s.lastTs });
  }
  if (s.dirty.has('kline')) {
    for (const period of PERIODS) {
      const bar = s.builder.open.get(period);
      if (bar) hub.publish({ type: 'kline', symbol, period, ...toCandle(bar) });
    }
  }
  if (s.dirty.has('market_depth') && book) {
    // An emptied book is news too: the screens clear their levels.
    const depth = book.depth(s.inst.id, DEPTH_LEVELS);
    hub.publish({ type: 'market_depth', symbol, bids: depth.bids, asks: depth.asks, ts: now });
  } else if (s.dirty.has('market_depth') && s.last) {
    const depth = feed.depth(s.inst, s.last, now);
    if (depth.bids.length + depth.asks.length > 0) {
      hub.publish({
        type: 'market_depth',
        symbol,
        bids: depth.bids.slice(0, DEPTH_LEVELS),
        asks: depth.asks.slice(0, DEPTH_LEVELS),
        ts: now,
      });
    }
  }
  const trade = book ? book.recentTrades(s.inst.id, 1)[0] : s.trades[s.trades.length - 1];
  if (s.dirty.has('match_trade') && trade) {
    hub.publish({
      type: 'match_trade',
      symbol,
      price: trade.price,
      amount: trade.amount,
      direction: trade.direction,
      ts: trade.ts,
    });
  }
  s.dirty.clear();
  s.publishedAt = now;
  s.publishedStale = stale;
}
