import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import type { MicroSeconds, PayableCurrency } from '@contract/seconds';
import { cacheGet, cachePut, USER_SCOPE, type CacheRow } from '@/lib/db';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchDurations, fetchPairs, fetchPayable } from '../api/seconds';

/** A server list kept in the offline store: the stored copy first, then the server's. */
function useStoredList<T>(key: string, fetch: (() => Promise<T[]>) | null) {
  const row = useLiveQuery(async () => (await cacheGet<T[]>(key)) ?? null, [key]) as CacheRow<T[]> | null | undefined;
  const [failed, setFailed] = useState(false);
  // Resolves whether the server answered; offline or refused, the stored copy stays with its time.
  const load = useCallback(
    () =>
      fetch
        ? fetch()
            .then((list) => cachePut(key, list))
            .then(
              () => true,
              (error: unknown) => {
                console.warn(`${key} not refreshed`, error);
                return false;
              },
            )
        : Promise.resolve(true),
    [key, fetch],
  );
  const refresh = useCallback(() => load().then((ok) => setFailed(!ok)), [load]);
  useEffect(() => {
    let active = true;
    void load().then((ok) => active && setFailed(!ok));
    return () => {
      active = false;
    };
  }, [load]);
  return { list: row === undefined ? undefined : (row?.value ?? []), savedAt: row?.savedAt, failed, refresh };
}

const pairsOfBoard = () => fetchPairs().then((groups) => groups.flatMap((g) => g.quotation));

/** Pairs open for seconds contracts (`open_microtrade`), from the quotation board. */
export function useMicroPairs() {
  const { list, savedAt, failed } = useStoredList<PairQuote>('seconds:pairs', pairsOfBoard);
  const pairs = useMemo(() => list?.filter((p) => p.open_microtrade), [list]);
  return { pairs, savedAt, failed };
}

/** The published durations open for new orders, shortest first. */
export function useDurations() {
  const { list, savedAt, failed } = useStoredList<MicroSeconds>('seconds:durations', fetchDurations);
  const durations = useMemo(() => list?.filter((d) => d.status === 1).sort((a, b) => a.seconds - b.seconds), [list]);
  return { durations, savedAt, failed };
}

/** The currencies a stake may be paid in, with the user's micro (options) account balance. */
export function usePayable() {
  const token = useAtomValue(tokenAtom);
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const { list, savedAt, failed, refresh } = useStoredList<PayableCurrency>(
    `${USER_SCOPE}${uid}:seconds:payable`,
    token ? fetchPayable : null,
  );
  return { currencies: token ? list : [], savedAt, failed, refresh };
}
