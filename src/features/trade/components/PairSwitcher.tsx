import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import { PairSwitcher as PairSheet } from '@/components/PairSwitcher/PairSwitcher';
import { pairsIn, type PairSection } from '../model/pairs';

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
  const [tab, setTab] = useState<PairSection>(section);
  return (
    <PairSheet
      open={open}
      current={current}
      pairsFor={(search) => pairsIn(pairs, tab, favorites, search)}
      empty={(search) =>
        tab === 'favorites' && !search ? (
          <Trans>No favorites yet. Star pairs on the market page.</Trans>
        ) : (
          <Trans>No pairs found.</Trans>
        )
      }
      label={t`Choose a pair`}
      searchLabel={t`Search pairs`}
      tabs={
        <Tabs activeKey={tab} onChange={(k) => setTab(k as PairSection)}>
          <Tabs.Tab key="favorites" title={t`Favorites`} />
          <Tabs.Tab key="coin" title={t`Coins`} />
          <Tabs.Tab key="stock" title={t`Stocks`} />
        </Tabs>
      }
      all={onAll && { label: <Trans>All pairs</Trans>, onPick: onAll }}
      onPick={onPick}
      onClose={onClose}
    />
  );
}
