import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import { db, USER_SCOPE } from '@/lib/db';
import { userAtom } from '@/lib/state';

export interface Page<T> {
  items: T[];
  /** Whether the server has a page after this one. */
  more: boolean;
}

export interface RecordKey {
  id: string;
  createdAt: number;
}

/**
 * A server list kept in Dexie's records table under one kind (scoped to the user and the filter),
 * read through a live query so it stays readable offline. Page 1 replaces the kind's rows (a
 * pull to refresh shows exactly what the server has); later pages append.
 */
export function usePagedRecords<T>(
  kind: string,
  fetchPage: (page: number) => Promise<Page<T>>,
  keyOf: (item: T) => RecordKey,
) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const scoped = `${uid}:${kind}`;
  // When page 1 was last fetched: the "as of" time of the list while offline.
  const savedKey = `${USER_SCOPE}${uid}:records-at:${kind}`;
  const savedAt = useLiveQuery(() => db.cache.get(savedKey).then((r) => r?.savedAt), [savedKey]);
  const rows = useLiveQuery(
    () =>
      db.records.where('[kind+createdAt]').between([scoped, Dexie.minKey], [scoped, Dexie.maxKey]).reverse().toArray(),
    [scoped],
  );
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const deps = useRef({ fetchPage, keyOf });
  // The infinite list asks again as soon as a load settles; sharing the running load avoids doubles.
  const inflight = useRef<Promise<void> | null>(null);
  useEffect(() => {
    deps.current = { fetchPage, keyOf };
  });

  const run = useCallback(
    async (next: number) => {
      try {
        const result = await deps.current.fetchPage(next);
        const put = result.items.map((item) => ({ kind: scoped, ...deps.current.keyOf(item), data: item }));
        await db.transaction('rw', db.records, db.cache, async () => {
          if (next === 1) {
            await db.records.where('kind').equals(scoped).delete();
            await db.cache.put({ key: savedKey, value: null, savedAt: Date.now() });
          }
          await db.records.bulkPut(put);
        });
        setPage(next);
        setMore(result.more);
        setFailed(false);
      } catch {
        // Offline or refused: keep what is cached and stop asking until the user pulls again.
        setMore(false);
        setFailed(true);
      }
    },
    [scoped, savedKey],
  );

  const load = useCallback(
    (next: number) => {
      inflight.current ??= run(next).finally(() => {
        inflight.current = null;
      });
      return inflight.current;
    },
    [run],
  );

  // A new kind (another filter) is a new list: callers remount with a key rather than reset here.
  useEffect(() => {
    void load(1);
  }, [load]);

  return {
    items: rows?.map((r) => r.data as T),
    ready: rows !== undefined,
    more,
    failed,
    savedAt,
    loadMore: () => load(page + 1),
    refresh: () => load(1),
  };
}
