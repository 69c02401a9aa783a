import { useCallback, useEffect, useRef, useState } from 'react';
import { Dexie, type Table } from 'dexie';

/** What a page of a paged list reply says about the pages after it. */
export interface PageInfo {
  current_page: number;
  last_page: number;
}

export interface PagedLoaderOptions {
  /**
   * Fetches page `next` and stores it (page 1 replacing what the list holds for this filter, later
   * pages adding to it); resolves with the reply's paging. The latest function given is called.
   */
  fetchPage: (next: number) => Promise<PageInfo>;
  /** Load page 1 (again) when this changes: the user, list and filter, as the stored list's key. */
  listKey: string;
  /** The session token: without one nothing is fetched and there is never more. */
  token: string;
  enabled: boolean;
  /** Named in the console when a load fails. */
  what: string;
  /** Whether the list offers more before its first load. Default true. */
  initialMore?: boolean;
  /** Loads of the same page share one running load only while this stays the same. Default ''. */
  shareKey?: string;
}

/**
 * The paging of a list stored offline: page 1 when enabled (and whenever `listKey` changes), then
 * the next page on `loadMore()`; one load at a time, a repeated ask for the page already loading
 * shares it. A failed load (offline, refused) keeps what is stored, logs it and stops offering
 * more until the user pulls to refresh.
 */
export function usePagedLoader({
  fetchPage,
  listKey,
  token,
  enabled,
  what,
  initialMore = true,
  shareKey = '',
}: PagedLoaderOptions) {
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(initialMore);
  const [failed, setFailed] = useState(false);
  const fetchRef = useRef(fetchPage);
  const inflight = useRef<{ key: string; promise: Promise<void> } | null>(null);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  const run = useCallback(
    async (next: number) => {
      if (!token) return;
      try {
        const reply = await fetchRef.current(next);
        setPage(next);
        setMore(reply.current_page < reply.last_page);
        setFailed(false);
      } catch (error) {
        // Offline or refused: keep what is stored and stop asking until the user pulls again.
        console.warn(`${what} not refreshed`, error);
        setMore(false);
        setFailed(true);
      }
    },
    [token, what],
  );

  const load = useCallback(
    (next: number) => {
      const key = `${next}:${shareKey}`;
      const running = inflight.current;
      if (running?.key === key) return running.promise;
      const promise = (running?.promise ?? Promise.resolve()).then(() => run(next));
      const entry = { key, promise };
      inflight.current = entry;
      void promise.finally(() => {
        if (inflight.current === entry) inflight.current = null;
      });
      return promise;
    },
    [run, shareKey],
  );

  useEffect(() => {
    if (enabled) void load(1);
  }, [load, enabled, listKey]);

  return {
    more: token ? more : false,
    failed,
    loadMore: () => load(page + 1),
    refresh: () => load(1),
  };
}

/** A stored list row: the user's, in one of a list's states, indexed by `[uid+state+createdAt]`. */
interface ListRow {
  uid: number;
  state: string;
}

/**
 * Before page 1 of a list is stored: deletes the user's rows of the list's states that the page's
 * filter covers (`covers`), so the list shows exactly what the server sent. Later pages only add.
 */
export async function clearListRows<R extends ListRow, K>(
  table: Table<R, K>,
  uid: number,
  states: readonly R['state'][],
  covers: (row: R) => boolean,
): Promise<void> {
  for (const state of states) {
    await table
      .where('[uid+state+createdAt]')
      .between([uid, state, Dexie.minKey], [uid, state, Dexie.maxKey])
      .filter(covers)
      .delete();
  }
}
