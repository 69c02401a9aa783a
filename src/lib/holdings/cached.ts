import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { cacheGet, cachePut, type CacheRow } from '@/lib/db';

/**
 * One reply kept in the offline cache under `key` (prefix it with `USER_SCOPE` and the user id
 * for a user's own data, so signing out clears it): the stored copy at once, offline too with its
 * time, then the server's. A failed fetch keeps the stored copy and sets `failed`, so the screen
 * can say "as of". `value` is undefined while the store is read and null when nothing is stored.
 */
export function useCachedReply<T>(key: string, fetch: () => Promise<T>, enabled = true) {
  const row = useLiveQuery(async () => (await cacheGet<T>(key)) ?? null, [key]) as CacheRow<T> | null | undefined;
  const [failed, setFailed] = useState(false);
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });
  const refresh = useCallback(async () => {
    try {
      await cachePut(key, await fetchRef.current());
      setFailed(false);
    } catch (error) {
      // Offline or refused: the stored copy stays on screen with its time.
      console.warn(`${key} not refreshed`, error);
      setFailed(true);
    }
  }, [key]);
  useEffect(() => {
    // Started after this render's effects: the state it sets arrives with the reply.
    if (enabled) void Promise.resolve().then(refresh);
  }, [enabled, refresh]);
  return { value: row === undefined ? undefined : (row?.value ?? null), savedAt: row?.savedAt, failed, refresh };
}
