import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { db, cachePut, USER_SCOPE } from '@/lib/db';
import { userAtom } from '@/lib/state';

export interface CachedQuery<T> {
  /** The last good answer (from this session or an earlier one; may be null), undefined while nothing is cached. */
  value: T | undefined;
  /** When `value` was fetched; shown as "as of" when the refresh fails (offline). */
  savedAt: number | undefined;
  /** The cache has been read (so an empty state may be shown). */
  ready: boolean;
  /** The last refresh failed; the cached value is still shown. */
  stale: boolean;
  refresh: () => Promise<void>;
}

/**
 * Offline-first read (DESIGN.md principle 5): the view reads Dexie through a live query, the
 * network only refreshes Dexie. Keys are scoped to the user so sign-out wipes them.
 */
export function useCachedQuery<T>(name: string, fetcher: () => Promise<T>, enabled = true): CachedQuery<T> {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const key = `${USER_SCOPE}${uid}:${name}`;
  const row = useLiveQuery(() => db.cache.get(key).then((r) => r ?? null), [key]);
  const [stale, setStale] = useState(false);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  const refresh = useCallback(async () => {
    if (!enabled) return;
    try {
      await cachePut(key, await fetcherRef.current());
      setStale(false);
    } catch {
      setStale(true);
    }
  }, [key, enabled]);

  useEffect(() => {
    if (!enabled) return;
    fetcherRef
      .current()
      .then((v) => cachePut(key, v))
      .then(
        () => setStale(false),
        () => setStale(true),
      );
  }, [key, enabled]);

  return { ...cachedState<T>(row), stale, refresh };
}

/**
 * What a cache row says: `undefined` while Dexie is being read, `null` when nothing is cached. A
 * cached `null` is an answer ("no bank card bound"), so it stays `null` rather than turning into
 * the `undefined` of "not known yet".
 */
export function cachedState<T>(
  row: { value: unknown; savedAt: number } | null | undefined,
): Pick<CachedQuery<T>, 'value' | 'savedAt' | 'ready'> {
  return { value: row ? (row.value as T) : undefined, savedAt: row?.savedAt, ready: row !== undefined };
}
