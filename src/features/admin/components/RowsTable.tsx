import type { Column, PagedTableProps } from './PagedTable';
import styles from './toolkit.module.css';

type RowsTableProps<T> = Pick<PagedTableProps<T>, 'rowKey' | 'onRowClick' | 'selectedKey'> & {
  columns: readonly Column<T>[];
  rows: T[];
};

/** The rows loaded so far; with `onRowClick` each row is a button (click, Enter or Space) and one may be selected. */
export function RowsTable<T>({ columns, rows, rowKey, onRowClick, selectedKey }: RowsTableProps<T>) {
  return (
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
  );
}
