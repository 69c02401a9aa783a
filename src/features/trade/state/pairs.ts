import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PairQuote } from '@contract/market';
import { cacheGet, cachePut, type CacheRow } from '@/lib/db';
import { fetchPairs } from '../api/trade';

const KEY = 'trade:pairs';

/**
 * Every tradable pair with its rules (tick, lot, minimum), from the quotation board: the stored
 * copy first (so the form works offline for reading), then the server's.
 */
export function usePairs(): { pairs: PairQuote[] | undefined; savedAt: number | undefined; failed: boolean } {
  const row = useLiveQuery(async () => (await cacheGet<PairQuote[]>(KEY)) ?? null, []) as
    CacheRow<PairQuote[]> | null | undefined;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchPairs()
      .then((groups) =>
        cachePut(
          KEY,
          groups.flatMap((g) => g.quotation),
        ),
      )
      .then(
        () => setFailed(false),
        // Offline or refused: the stored board stays, with its time.
        () => setFailed(true),
      );
  }, []);
  return { pairs: row === undefined ? undefined : (row?.value ?? []), savedAt: row?.savedAt, failed };
}

/** One pair of the board by symbol; undefined while loading, null when unknown. */
export function usePair(symbol: string) {
  const { pairs, savedAt, failed } = usePairs();
  const pair = useMemo(() => (pairs ? (pairs.find((p) => p.symbol === symbol) ?? null) : undefined), [pairs, symbol]);
  return { pair, pairs, savedAt, failed };
}
