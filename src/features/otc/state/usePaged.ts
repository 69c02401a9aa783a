import { useCallback, useEffect, useRef, useState } from 'react';

interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
}

/**
 * A list read page by page, from page 1 whenever `key` changes: `rows` undefined until the first
 * page, `more` while pages remain, `failed` after a failed page (pulling down starts again).
 */
export function usePaged<T>(key: string, load: (page: number) => Promise<Page<T>>) {
  const [state, setState] = useState<{ key: string; rows: T[]; page: number; last: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const fetchPage = useCallback(
    async (page: number, base: T[]) => {
      try {
        const r = await loadRef.current(page);
        setState({ key, rows: [...base, ...r.data], page: r.current_page, last: r.last_page });
        setFailed(false);
      } catch (error) {
        console.warn('otc list not loaded', error);
        setFailed(true);
        setState((s) => (s?.key === key ? s : { key, rows: [], page: 0, last: 0 }));
      }
    },
    [key],
  );
  // Started after this render's effects: the state it sets arrives with the reply.
  useEffect(() => void Promise.resolve().then(() => fetchPage(1, [])), [fetchPage]);
  const current = state?.key === key ? state : null;
  const refresh = useCallback(() => fetchPage(1, []), [fetchPage]);
  const loadMore = useCallback(
    () => (current ? fetchPage(current.page + 1, current.rows) : Promise.resolve()),
    [current, fetchPage],
  );
  return {
    rows: current?.rows,
    more: current !== null && !failed && current.page < current.last,
    failed,
    refresh,
    loadMore,
  };
}
