import { useState } from 'react';
import { Popup, SearchBar, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import { formatGrouped, formatPercent, toDecimal, trend } from '@/lib/format';
import { pairsIn, type PairSection } from '../model/pairs';
import styles from '@/components/PairSwitcher/PairSwitcher.module.css';

interface PairSwitcherProps {
  open: boolean;
  pairs: readonly PairQuote[];
  favorites: ReadonlySet<number>;
  current: string;
  section: PairSection;
  onPick: (pair: PairQuote) => void;
  onClose: () => void;
  /** Offers "All pairs" first (the orders filter). */
  onAll?: () => void;
}

/** A sheet of pairs by section, with search; picking one trades it. */
export function PairSwitcher({ open, pairs, favorites, current, section, onPick, onClose, onAll }: PairSwitcherProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<PairSection>(section);
  const shown = pairsIn(pairs, tab, favorites, search);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose>
      <div className={styles.sheet} role="dialog" aria-label={t`Choose a pair`}>
        <div style={{ padding: '12px 12px 0' }}>
          <SearchBar placeholder={t`Search pairs`} value={search} onChange={setSearch} aria-label={t`Search pairs`} />
        </div>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as PairSection)}>
          <Tabs.Tab key="favorites" title={t`Favorites`} />
          <Tabs.Tab key="coin" title={t`Coins`} />
          <Tabs.Tab key="stock" title={t`Stocks`} />
        </Tabs>
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
              {tab === 'favorites' && !search ? (
                <Trans>No favorites yet. Star pairs on the market page.</Trans>
              ) : (
                <Trans>No pairs found.</Trans>
              )}
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
