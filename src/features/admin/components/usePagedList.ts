import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorsShown } from '@/lib/submit';
import type { AdminPage } from './PagedTable';

export type PagedStatus = 'loading' | 'ready' | 'error';

/**
 * The pages of a list loaded so far: page 1 again whenever `reloadKey` changes or `retry` is
 * called, then one more page on each `more`. A reply to an older start is dropped.
 */
export function usePagedList<T>(load: (page: number) => Promise<AdminPage<T>>, reloadKey: unknown) {
  const [list, setList] = useState<{ for: unknown; attempt: number; rows: T[]; page: number; lastPage: number }>({
    for: undefined,
    attempt: -1,
    rows: [],
    page: 0,
    lastPage: 1,
  });
  const [failed, setFailed] = useState<{ for: unknown; attempt: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  const generation = useRef(0);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const mine = ++generation.current;
    loadRef.current(1).then(
      (reply) => {
        if (mine !== generation.current) return;
        setList({ for: reloadKey, attempt, rows: reply.data, page: reply.current_page, lastPage: reply.last_page });
      },
      (error: unknown) => {
        apiErrorsShown('admin list')(error);
        if (mine === generation.current) setFailed({ for: reloadKey, attempt });
      },
    );
  }, [reloadKey, attempt]);

  const current = Object.is(list.for, reloadKey) && list.attempt === attempt;
  const status: PagedStatus =
    failed && Object.is(failed.for, reloadKey) && failed.attempt === attempt ? 'error' : current ? 'ready' : 'loading';
  const { rows, page, lastPage } = list;

  const more = useCallback(() => {
    const mine = generation.current;
    setBusy(true);
    loadRef.current(page + 1).then(
      (reply) => {
        setBusy(false);
        if (mine !== generation.current) return;
        setList((old) => ({
          ...old,
          rows: [...old.rows, ...reply.data],
          page: reply.current_page,
          lastPage: reply.last_page,
        }));
      },
      (error: unknown) => {
        setBusy(false);
        apiErrorsShown('admin list')(error);
      },
    );
  }, [page]);

  return { status, rows, page, lastPage, busy, more, retry: () => setAttempt((n) => n + 1) };
}
