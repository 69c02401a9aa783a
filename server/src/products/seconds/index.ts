import type { Db } from '../../db/client';
import { createPriceHistory, type PriceHistory } from '../../market/price-history';
import type { MarketRuntime } from '../../market/runtime';
import { DEFAULT_HOUSE_CAP, SETTLE_PRICE_MAX_AGE_MS } from './terms';
import { oldestUnsettledExpiry } from './settle';
import { SecondsWorker } from './worker';

export { outcome, type Outcome } from './outcome';
export { settleBatch, type SettledOrder } from './settle';
export { SecondsWorker, SETTLE_BATCH } from './worker';
export { DURATIONS, STAKE_CURRENCIES, DEFAULT_HOUSE_CAP, SETTLE_PRICE_MAX_AGE_MS } from './terms';

export interface SecondsOptions {
  /** Cap on the house's open stake per pair and direction (default `DEFAULT_HOUSE_CAP`). */
  houseCap?: string;
  /**
   * Whether this process settles (default true). A process that only records prices and takes
   * orders (or a test standing for a server stopped before settling) passes false.
   */
  settle?: boolean;
  /** Orders per settlement transaction. */
  batchSize?: number;
}

/** Seconds contracts in the app (`app.ctx.seconds`): the price record and the settlement worker. */
export interface SecondsRuntime {
  history: PriceHistory;
  worker: SecondsWorker;
  houseCap: string;
  /**
   * Another reader of recorded prices (a product settled at a recorded price): `oldest` gives the
   * earliest time it still needs, or null; the record keeps its rows from there, as it does for
   * unsettled seconds contracts.
   */
  keepPricesFor(oldest: () => Promise<number | null>): void;
  /** Follows the record: each committed flush settles what became due (after a restart, the first one settles what expired meanwhile). */
  start(): void;
  /** Stops settling, then writes the last collected prices. */
  stop(): Promise<void>;
}

export function createSeconds(
  db: Db,
  market: MarketRuntime,
  now: () => Date,
  options: SecondsOptions = {},
  onError?: (err: unknown) => void,
): SecondsRuntime {
  // Only the pairs seconds contracts are offered on are recorded (a row a second each, kept an
  // hour and while an unsettled order may still read its expiry's price).
  const pairIds = market
    .instruments()
    .filter((i) => i.openMicrotrade)
    .map((i) => i.id);
  const readers: (() => Promise<number | null>)[] = [
    async () => {
      const expiry = await oldestUnsettledExpiry(db);
      return expiry === null ? null : expiry - SETTLE_PRICE_MAX_AGE_MS;
    },
  ];
  const keepFrom = async () => {
    const needed = (await Promise.all(readers.map((oldest) => oldest()))).filter((t): t is number => t !== null);
    return needed.length > 0 ? Math.min(...needed) : null;
  };
  const history = createPriceHistory({ db, market, pairIds, keepFrom, ...(onError ? { onError } : {}) });
  const worker = new SecondsWorker({
    db,
    now,
    pairIds,
    recordedThrough: (pairId) => history.recordedThrough(pairId),
    staleMs: SETTLE_PRICE_MAX_AGE_MS,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(onError ? { onError } : {}),
  });
  let unfollow: (() => void) | undefined;
  return {
    history,
    worker,
    houseCap: options.houseCap ?? DEFAULT_HOUSE_CAP,
    keepPricesFor(oldest) {
      readers.push(oldest);
    },
    start() {
      if (options.settle === false) return;
      unfollow = history.onRecorded(() => worker.kick());
    },
    async stop() {
      unfollow?.();
      await worker.stop();
      await history.stop();
    },
  };
}
