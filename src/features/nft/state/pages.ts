import { useCallback, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { cachePut, USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { userAtom } from '@/lib/state';

export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  /** Messages: the unread count of all pages. */
  unread?: number;
}

interface StoredList<T> {
  rows: T[];
  page: number;
  lastPage: number;
  unread?: number;
}

/**
 * The offline key of a reply: replies that carry the caller's own fields (owned, favorite, margin
 * held) are kept per user under `user:<uid>:`, so signing out clears them; a visitor's are public.
 */
export function useScopedKey(key: string, personal = true): string {
  const uid = useAtomValue(userAtom)?.id;
  return personal && uid !== undefined ? `${USER_SCOPE}${uid}:${key}` : key;
}

const idOf = (row: { id: number } | { uid: number }) => ('id' in row ? row.id : row.uid);

/**
 * A paged list kept in the offline cache: page 1 replaces it, later pages add to it, so the pages
 * the user has seen read offline with their time. `enabled` false reads only what is stored.
 */
export function useCachedPages<T extends { id: number } | { uid: number }>(
  key: string,
  fetchPage: (page: number) => Promise<Paged<T>>,
  enabled = true,
) {
  const fetchFirst = useCallback(async (): Promise<StoredList<T>> => {
    const reply = await fetchPage(1);
    return { rows: reply.data, page: 1, lastPage: reply.last_page, unread: reply.unread };
  }, [fetchPage]);
  const stored = useCachedReply<StoredList<T>>(key, fetchFirst, enabled);
  const [loadFailed, setLoadFailed] = useState(false);
  const loading = useRef(false);
  const list = stored.value;
  const more = enabled && !stored.failed && !loadFailed && !!list && list.page < list.lastPage;
  const loadMore = useCallback(async () => {
    if (!list || loading.current) return;
    loading.current = true;
    try {
      const reply = await fetchPage(list.page + 1);
      const seen = new Set(list.rows.map(idOf));
      await cachePut<StoredList<T>>(key, {
        rows: [...list.rows, ...reply.data.filter((r) => !seen.has(idOf(r)))],
        page: reply.current_page,
        lastPage: reply.last_page,
        unread: reply.unread ?? list.unread,
      });
    } catch (error) {
      // Offline or refused: what is stored stays; pulling down tries again.
      console.warn(`${key} not loaded`, error);
      setLoadFailed(true);
    } finally {
      loading.current = false;
    }
  }, [list, key, fetchPage]);
  const refresh = useCallback(async () => {
    setLoadFailed(false);
    await stored.refresh();
  }, [stored]);
  return {
    rows: list === undefined ? undefined : (list?.rows ?? null),
    unread: list?.unread,
    savedAt: stored.savedAt,
    failed: stored.failed || loadFailed,
    more,
    loadMore,
    refresh,
  };
}
