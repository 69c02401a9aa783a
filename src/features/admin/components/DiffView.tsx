import { Trans } from '@lingui/react/macro';
import styles from './toolkit.module.css';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (v: unknown): string => {
  if (v === undefined) return '';
  if (v === null) return 'null';
  return typeof v === 'string' ? v : JSON.stringify(v);
};

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** The fields of two records side by side (one level; nested values as JSON), changed first. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const b = isRecord(before) ? before : before === null || before === undefined ? {} : { value: before };
  const a = isRecord(after) ? after : after === null || after === undefined ? {} : { value: after };
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: show(b[field]) !== show(a[field]),
  }));
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

/** An audited record before and after an action, changed fields highlighted. */
export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffRows(before, after);
  if (rows.length === 0) {
    return (
      <p className={styles.hint}>
        <Trans>No recorded fields</Trans>
      </p>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.diff}`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Field</Trans>
            </th>
            <th scope="col">
              <Trans>Before</Trans>
            </th>
            <th scope="col">
              <Trans>After</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.field} className={r.changed ? styles.changed : undefined} data-changed={r.changed}>
              <td>{r.field}</td>
              <td className={r.changed && r.before !== undefined ? styles.removed : undefined}>{show(r.before)}</td>
              <td className={r.changed && r.after !== undefined ? styles.added : undefined}>{show(r.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
