import type { Config } from '../config';
import type { Db } from '../db/client';
import { createBinanceFeed } from './binance-feed';
import type { MarketFeed } from './feed';
import type { MarketHub } from './hub';
import { createMarketRuntime, type MarketRuntime } from './runtime';
import { createSimulatedFeed } from './simulated-feed';

export interface MarketOptions {
  /** Replaces the feed chosen by `config.marketFeed`. */
  feed?: MarketFeed;
  /** No timer: whoever owns the app calls `pump()` (tests, with their clock). */
  manual?: boolean;
  hub?: MarketHub;
  /** The fiat source is fetched with this (tests). */
  fiatFetch?: typeof fetch;
}

export function createMarket(
  config: Config,
  db: Db,
  now: () => Date,
  options: MarketOptions = {},
  onError?: (err: unknown) => void,
): MarketRuntime {
  const feed =
    options.feed ?? (config.marketFeed === 'binance' ? createBinanceFeed() : createSimulatedFeed(config.marketSeed));
  return createMarketRuntime({
    db,
    feed,
    now,
    staleMs: config.marketStaleMs,
    manual: options.manual ?? false,
    ...(options.hub ? { hub: options.hub } : {}),
    ...(onError ? { onError } : {}),
  });
}
