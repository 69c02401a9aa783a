import { useCallback, useEffect, useRef, useState } from 'react';

export interface Page<T> {
  list: T[];
  has_more: boolean;
}

export type ThreadStatus = 'loading' | 'ready' | 'failed';

/**
 * A conversation read newest page first: `items` oldest first (as shown), `loadOlder` pages back
 * by the oldest id, `refresh` merges the newest page in (after a live event), `add`/`remove` apply
 * a message the screen already knows about. Rows are kept by id, so a message seen twice shows once.
 */
export function useThread<T extends { id: number }>(load: (beforeId?: number) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<ThreadStatus>('loading');
  const [more, setMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  const merge = useCallback((rows: T[]) => {
    setItems((current) => {
      const byId = new Map(current.map((r) => [r.id, r]));
      for (const r of rows) byId.set(r.id, r);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });
  }, []);

  const refresh = useCallback(async () => {
    try {
      const page = await loadRef.current();
      setItems((current) => {
        // The newest page replaces what it covers (a deleted message leaves); older pages stay.
        const oldest = page.list.at(-1)?.id ?? Infinity;
        const kept = current.filter((r) => r.id < oldest);
        return [...kept, ...page.list].sort((a, b) => a.id - b.id);
      });
      setStatus('ready');
      setMore((m) => m || page.has_more);
    } catch (error) {
      setStatus((s) => (s === 'ready' ? s : 'failed'));
      throw error;
    }
  }, []);

  useEffect(() => {
    let stale = false;
    loadRef
      .current()
      .then((page) => {
        if (stale) return;
        setItems([...page.list].sort((a, b) => a.id - b.id));
        setMore(page.has_more);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (stale) return;
        console.warn('support: conversation not loaded', error);
        setStatus('failed');
      });
    return () => {
      stale = true;
    };
  }, []);

  const loadOlder = useCallback(async () => {
    const oldest = items[0]?.id;
    if (oldest === undefined || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await loadRef.current(oldest);
      merge(page.list);
      setMore(page.has_more);
    } finally {
      setLoadingOlder(false);
    }
  }, [items, loadingOlder, merge]);

  const remove = useCallback((id: number) => setItems((current) => current.filter((r) => r.id !== id)), []);

  const retry = useCallback(() => {
    setStatus('loading');
    refresh().catch((error: unknown) => console.warn('support: conversation not loaded', error));
  }, [refresh]);

  return { items, status, more, loadingOlder, loadOlder, refresh, add: (row: T) => merge([row]), remove, retry };
}
