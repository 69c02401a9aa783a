import type { Config } from '../config';
import type { Db } from '../db/client';
import { dutiesOf } from '../roles';
import { createBinanceFeed } from './binance-feed';
import type { MarketFeed } from './feed';
import type { MarketHub } from './hub';
import { createFeedRelay, type FeedRelay } from './relay';
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
  /** How often a candidate tries for the feed's publisher seat (tests shorten it; default 2 s). */
  relayRetryMs?: number;
}

/**
 * Several processes share the feed through Redis when they share a PostgreSQL database (the seat
 * is a lock in it) and a Redis. Alone (the embedded database, or no Redis) the feed runs here.
 */
export const sharesFeed = (config: Config): boolean => Boolean(config.redisUrl && config.databaseUrl);

function relayOf(config: Config, options: MarketOptions, onError: (err: unknown) => void): FeedRelay | undefined {
  if (!config.redisUrl || !config.databaseUrl) return undefined;
  return createFeedRelay({
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    candidate: dutiesOf(config.role).mayPublishFeed,
    ...(options.relayRetryMs ? { retryMs: options.relayRetryMs } : {}),
    onError,
  });
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
  const relay = relayOf(config, options, (err) => onError?.(err));
  return createMarketRuntime({
    db,
    feed,
    now,
    staleMs: config.marketStaleMs,
    manual: options.manual ?? false,
    ...(options.hub ? { hub: options.hub } : {}),
    ...(onError ? { onError } : {}),
    ...(relay ? { relay } : {}),
    mayRunFeed: dutiesOf(config.role).mayPublishFeed,
  });
}
