import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { apiErrorsShown } from '@/lib/submit';
import styles from './toolkit.module.css';

/** A page of a paged admin list, as `pagedSchema` replies carry it. */
export interface AdminPage<T> {
  data: T[];
  current_page: number;
  last_page: number;
}

export interface Column<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
}

export interface PagedTableProps<T> {
  columns: readonly Column<T>[];
  /** Fetches one page (1-based). The latest function given is used. */
  load: (page: number) => Promise<AdminPage<T>>;
  rowKey: (row: T) => string | number;
  /** Change it to start again from page 1 (a filter changed, an action was taken). */
  reloadKey?: unknown;
  onRowClick?: (row: T) => void;
  /** Key of the highlighted row. */
  selectedKey?: string | number;
  /** Shown instead of the table when the first page is empty. */
  empty?: ReactNode;
}

type Status = 'loading' | 'ready' | 'error';

/**
 * A table that loads page 1, then more with "Load more" until the last page, where it says
 * "No more data". Loading, empty and failed states (with retry) are its own; a failed call has
 * already shown its toast through the HTTP client.
 */
export function PagedTable<T>({
  columns,
  load,
  rowKey,
  reloadKey,
  onRowClick,
  selectedKey,
  empty,
}: PagedTableProps<T>) {
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
  const status: Status =
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

  if (status === 'loading') {
    return (
      <div className={styles.state} role="status">
        <Trans>Loading…</Trans>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className={styles.state} role="alert">
        <p>
          <Trans>The list could not be loaded.</Trans>
        </p>
        <button type="button" className={styles.button} onClick={() => setAttempt((n) => n + 1)}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  if (rows.length === 0) {
    return <div className={styles.state}>{empty ?? <Trans>Nothing here</Trans>}</div>;
  }
  return (
    <div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = rowKey(row);
              const classes = [onRowClick ? styles.clickable : '', key === selectedKey ? styles.selected : '']
                .filter(Boolean)
                .join(' ');
              return (
                <tr
                  key={key}
                  className={classes || undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onKeyDown={
                    onRowClick
                      ? (e) => {
                          if (e.key === 'Enter' || e.key === ' ') {
                            e.preventDefault();
                            onRowClick(row);
                          }
                        }
                      : undefined
                  }
                  aria-selected={onRowClick ? key === selectedKey : undefined}
                >
                  {columns.map((c) => (
                    <td key={c.key}>{c.render(row)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className={styles.end}>
        {page < lastPage ? (
          <button type="button" className={styles.button} onClick={more} disabled={busy}>
            {busy ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        ) : (
          <span>
            <Trans>No more data</Trans>
          </span>
        )}
      </div>
    </div>
  );
}

/** A small coloured label for a state ("review", "approved", "frozen"…). */
export function Tag({ tone, children }: { tone?: 'good' | 'bad' | 'wait'; children: ReactNode }) {
  return (
    <span className={styles.tag} data-tone={tone}>
      {children}
    </span>
  );
}
