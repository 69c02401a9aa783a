import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PairQuote } from '@contract/market';
import { cacheGet, cachePut, type CacheRow } from '@/lib/db';
import { fetchPairs } from '../api/lever';

const KEY = 'futures:pairs';

/**
 * The pairs traded as futures (`open_lever`), from the quotation board: the stored copy first (so
 * the screen reads offline), then the server's.
 */
export function useLeverPairs(): { pairs: PairQuote[] | undefined; savedAt: number | undefined; failed: boolean } {
  const row = useLiveQuery(async () => (await cacheGet<PairQuote[]>(KEY)) ?? null, []) as
    CacheRow<PairQuote[]> | null | undefined;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchPairs()
      .then((groups) =>
        cachePut(
          KEY,
          groups.flatMap((g) => g.quotation).filter((p) => p.open_lever),
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

/** One futures pair by symbol; undefined while loading, null when unknown. */
export function useLeverPair(symbol: string) {
  const { pairs, savedAt, failed } = useLeverPairs();
  const pair = useMemo(() => (pairs ? (pairs.find((p) => p.symbol === symbol) ?? null) : undefined), [pairs, symbol]);
  return { pair, pairs, savedAt, failed };
}
