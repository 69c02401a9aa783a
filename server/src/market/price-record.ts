import type { Db } from '../db/client';
import { createPriceHistory, type PriceHistory } from './price-history';
import type { MarketRuntime } from './runtime';

/**
 * The feed's price of every second for the pairs products settle on (seconds contracts, dual
 * invest): one row a second each, kept an hour and while any reader still needs older rows.
 */
export interface PriceRecord {
  history: PriceHistory;
  /** The recorded pairs. */
  pairIds: readonly number[];
  /**
   * Another reader of recorded prices (a product settled at a recorded price): `oldest` gives the
   * earliest time it still needs, or null; the record keeps its rows from there.
   */
  keepPricesFor(oldest: () => Promise<number | null>): void;
  /** Writes the last collected prices. */
  stop(): Promise<void>;
}

export function createPriceRecord(db: Db, market: MarketRuntime, onError?: (err: unknown) => void): PriceRecord {
  // Only the pairs seconds contracts are offered on are recorded; dual invest settles on them too.
  const pairIds = market
    .instruments()
    .filter((i) => i.openMicrotrade)
    .map((i) => i.id);
  const readers: (() => Promise<number | null>)[] = [];
  const keepFrom = async () => {
    const needed = (await Promise.all(readers.map((oldest) => oldest()))).filter((t): t is number => t !== null);
    return needed.length > 0 ? Math.min(...needed) : null;
  };
  const history = createPriceHistory({ db, market, pairIds, keepFrom, ...(onError ? { onError } : {}) });
  return {
    history,
    pairIds,
    keepPricesFor(oldest) {
      readers.push(oldest);
    },
    stop: () => history.stop(),
  };
}
