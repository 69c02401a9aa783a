import { useState } from 'react';
import { Popup, SearchBar } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import { formatGrouped, formatPercent, toDecimal, trend } from '@/lib/format';
import styles from '@/components/PairSwitcher/PairSwitcher.module.css';

interface PairSwitcherProps {
  open: boolean;
  pairs: readonly PairQuote[];
  current: string;
  onPick: (pair: PairQuote) => void;
  onClose: () => void;
  /** Offers "All pairs" first (the orders filter). */
  onAll?: () => void;
}

const matches = (p: PairQuote, needle: string) =>
  !needle || p.symbol.toLowerCase().includes(needle) || p.currency_name.toLowerCase().includes(needle);

/** A sheet of the futures pairs with search; picking one trades it. */
export function PairSwitcher({ open, pairs, current, onPick, onClose, onAll }: PairSwitcherProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const shown = pairs.filter((p) => matches(p, search.trim().toLowerCase()));
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose>
      <div className={styles.sheet} role="dialog" aria-label={t`Choose a futures pair`}>
        <div style={{ padding: 12 }}>
          <SearchBar placeholder={t`Search pairs`} value={search} onChange={setSearch} aria-label={t`Search pairs`} />
        </div>
        <div className={styles.sheetList}>
          {onAll && (
            <button type="button" className={current ? styles.pairRow : styles.pairCurrent} onClick={onAll}>
              <span>
                <Trans>All pairs</Trans>
              </span>
            </button>
          )}
          {shown.length === 0 ? (
            <p className={styles.muted}>
              <Trans>No pairs found.</Trans>
            </p>
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
                  <span>{formatGrouped(p.now_price, p.price_decimals)}</span>
                  <span
                    style={{
                      color:
                        direction === 'up' ? 'var(--app-up)' : direction === 'down' ? 'var(--app-down)' : undefined,
                    }}
                  >
                    {formatPercent(toDecimal(p.change)?.div(100))}
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
