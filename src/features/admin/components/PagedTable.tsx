import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { RowsTable } from './RowsTable';
import styles from './toolkit.module.css';
import { usePagedList } from './usePagedList';

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
  const { status, rows, page, lastPage, busy, more, retry } = usePagedList(load, reloadKey);

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
        <button type="button" className={styles.button} onClick={retry}>
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
      <RowsTable columns={columns} rows={rows} rowKey={rowKey} onRowClick={onRowClick} selectedKey={selectedKey} />
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
