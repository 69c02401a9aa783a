import type { MarketEvent } from '@contract/market-events';

/**
 * Where market data meets delivery: the feed and candle code publish events here, at most about
 * one per second per symbol and stream; the socket layer (and anything else) listens.
 */
export interface MarketHub {
  publish(event: MarketEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: MarketEvent) => void): () => void;
}

export function createMarketHub(): MarketHub {
  const listeners = new Set<(event: MarketEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
