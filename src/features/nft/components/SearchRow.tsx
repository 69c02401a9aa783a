import { useState } from 'react';
import { SearchBar } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import styles from './nft.module.css';

/** The search field: searches artworks and artists by name when submitted. */
export function SearchRow({ initial = '', onSearch }: { initial?: string; onSearch: (q: string) => void }) {
  const { t } = useLingui();
  const [q, setQ] = useState(initial);
  return (
    <div className={styles.searchRow}>
      <SearchBar
        value={q}
        onChange={setQ}
        onSearch={(v) => onSearch(v.trim())}
        placeholder={t`Search artworks and artists`}
        data-testid="nft-search"
      />
    </div>
  );
}
