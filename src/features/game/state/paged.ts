import { useCallback, useState } from 'react';

/** A list read page by page: null until the first page; a failed page stops `more` and is rethrown. */
export function usePaged<T>(load: (page: number) => Promise<{ data: T[]; current_page: number; last_page: number }>) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [page, setPage] = useState(0);
  const [last, setLast] = useState(1);
  const [failed, setFailed] = useState(false);
  const loadMore = useCallback(async () => {
    try {
      const r = await load(page + 1);
      setRows((current) => [...(current ?? []), ...r.data]);
      setPage(r.current_page);
      setLast(r.last_page);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      setRows((current) => current ?? []);
      throw error;
    }
  }, [load, page]);
  return { rows, more: !failed && page < last, failed, loadMore };
}
