import { useState, type ReactNode } from 'react';
import { Popup, SearchBar } from 'antd-mobile';
import type { PairQuote } from '@contract/market';
import { formatChange, formatPrice, trend } from '@/lib/format';
import styles from './PairSwitcher.module.css';

export interface PairSwitcherProps {
  open: boolean;
  /** Symbol of the pair being traded ('' when "all pairs" is chosen). */
  current: string;
  /** The pairs to list for the search text as typed. */
  pairsFor: (search: string) => readonly PairQuote[];
  /** What to say when no pair is listed for the search text. */
  empty: (search: string) => ReactNode;
  /** The sheet's accessible name. */
  label: string;
  /** The search field's placeholder and accessible name. */
  searchLabel: string;
  /** Shown under the search field (the trade tab's sections). */
  tabs?: ReactNode;
  /** Offers "all pairs" first (the orders filter) under this label. */
  all?: { label: ReactNode; onPick: () => void };
  onPick: (pair: PairQuote) => void;
  onClose: () => void;
}

/** A bottom sheet of pairs with search, the current one marked; picking one calls `onPick`. */
export function PairSwitcher({
  open,
  current,
  pairsFor,
  empty,
  label,
  searchLabel,
  tabs,
  all,
  onPick,
  onClose,
}: PairSwitcherProps) {
  const [search, setSearch] = useState('');
  const shown = pairsFor(search);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose>
      <div className={styles.sheet} role="dialog" aria-label={label}>
        <div style={{ padding: tabs ? '12px 12px 0' : 12 }}>
          <SearchBar placeholder={searchLabel} value={search} onChange={setSearch} aria-label={searchLabel} />
        </div>
        {tabs}
        <div className={styles.sheetList}>
          {all && (
            <button type="button" className={current ? styles.pairRow : styles.pairCurrent} onClick={all.onPick}>
              <span>{all.label}</span>
            </button>
          )}
          {shown.length === 0 ? (
            <p className={styles.muted}>{empty(search)}</p>
          ) : (
            shown.map((p) => {
              const direction = trend(p.change);
              return (
                <button
                  type="button"
                  key={p.symbol}
                  className={p.symbol === current ? styles.pairCurrent : styles.pairRow}
                  onClick={() => onPick(p)}
                >
                  <span>{p.symbol}</span>
                  <span>{formatPrice(p.now_price, p.price_decimals)}</span>
                  <span
                    style={{
                      color:
                        direction === 'up' ? 'var(--app-up)' : direction === 'down' ? 'var(--app-down)' : undefined,
                    }}
                  >
                    {formatChange(p.change)}
                  </span>
                </button>
              );
            })
          )}
        </div>
      </div>
    </Popup>
  );
}
