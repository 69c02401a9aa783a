import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import styles from './toolkit.module.css';

/** A row of filters above a table; wraps on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className={styles.filters}>{children}</div>;
}

export interface SelectFilterProps<V extends string> {
  label: ReactNode;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** One choice among a few (a status, a currency). */
export function SelectFilter<V extends string>({ label, value, options, onChange }: SelectFilterProps<V>) {
  return (
    <label className={styles.field}>
      {label}
      <select className={styles.select} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface SearchFilterProps {
  label: ReactNode;
  placeholder?: string;
  /** The search applied so far; typing does not search until submitted. */
  value: string;
  onSearch: (value: string) => void;
}

/** A text search applied on Enter or the Search button. */
export function SearchFilter({ label, placeholder, value, onSearch }: SearchFilterProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(value);
  return (
    <form
      className={styles.field}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label className={styles.field}>
        {label}
        <span className={styles.search}>
          <input
            className={styles.input}
            type="search"
            value={draft}
            placeholder={placeholder ?? t`Search`}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={100}
          />
          <button type="submit" className={`${styles.button} ${styles.primary}`}>
            <Trans>Search</Trans>
          </button>
        </span>
      </label>
    </form>
  );
}
