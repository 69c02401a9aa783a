import type { Db } from '../../db/client';
import type { PriceRecord } from '../../market/price-record';
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

/** Seconds contracts in the app (`app.products.seconds`): the settlement worker and its terms. */
export interface SecondsRuntime {
  worker: SecondsWorker;
  houseCap: string;
  /** Follows the record: each committed flush settles what became due (after a restart, the first one settles what expired meanwhile). */
  start(): void;
  /** Stops settling. */
  stop(): Promise<void>;
}

export function createSeconds(
  db: Db,
  record: PriceRecord,
  now: () => Date,
  options: SecondsOptions = {},
  onError?: (err: unknown) => void,
): SecondsRuntime {
  const { history } = record;
  // An unsettled order still needs its expiry's price (and a little before, for a late tick).
  record.keepPricesFor(async () => {
    const expiry = await oldestUnsettledExpiry(db);
    return expiry === null ? null : expiry - SETTLE_PRICE_MAX_AGE_MS;
  });
  const worker = new SecondsWorker({
    db,
    now,
    pairIds: record.pairIds,
    recordedThrough: (pairId) => history.recordedThrough(pairId),
    staleMs: SETTLE_PRICE_MAX_AGE_MS,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(onError ? { onError } : {}),
  });
  let unfollow: (() => void) | undefined;
  return {
    worker,
    houseCap: options.houseCap ?? DEFAULT_HOUSE_CAP,
    start() {
      if (options.settle === false) return;
      unfollow = history.onRecorded(() => worker.kick());
    },
    async stop() {
      unfollow?.();
      await worker.stop();
    },
  };
}
