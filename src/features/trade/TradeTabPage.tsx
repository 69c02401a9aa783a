import type { ReactNode } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { pages, useGo, type TradeTab } from '@/lib/nav';
import { pairsIn, sectionOf } from './model/pairs';
import { useFavoriteIds } from './state/favorites';
import { lastPairsAtom } from './state/lastPairs';
import { usePairs } from './state/pairs';
import { TradeScreen } from './components/TradeScreen';
import styles from './components/trade.module.css';

/**
 * The trade tab: favorites, coins, futures and stocks (SPEC.md section 2); coins by default.
 * `navRight` goes in the navigation bar's right slot (the route puts entries to other products there).
 */
export function TradeTabPage({
  tab = 'coin',
  onTab,
  navRight,
}: {
  tab?: TradeTab;
  onTab: (tab: TradeTab) => void;
  navRight?: ReactNode;
}) {
  const { t } = useLingui();
  const go = useGo();
  const [last, setLast] = useAtom(lastPairsAtom);
  const favorites = useFavoriteIds();
  const { pairs } = usePairs();
  const favoritePairs = pairs ? pairsIn(pairs, 'favorites', favorites) : [];
  const favoriteSymbol = favoritePairs.some((p) => p.symbol === last.favorites)
    ? last.favorites
    : favoritePairs[0]?.symbol;

  const body = () => {
    if (tab === 'futures') {
      return (
        <div className={styles.futures}>
          <p>
            <Trans>Leveraged futures with stop-profit and stop-loss.</Trans>
          </p>
          <Button color="primary" onClick={() => go(pages.transaction.contract)}>
            <Trans>Open futures</Trans>
          </Button>
        </div>
      );
    }
    if (tab === 'favorites' && !favoriteSymbol) {
      return (
        <div className={styles.futures}>
          <p>
            <Trans>No favorites yet. Star pairs on the market page to trade them here.</Trans>
          </p>
          <Button onClick={() => go(pages.market.market)}>
            <Trans>Browse markets</Trans>
          </Button>
        </div>
      );
    }
    const section = tab === 'favorites' ? 'favorites' : tab === 'stock' ? 'stock' : 'coin';
    const symbol = section === 'favorites' ? favoriteSymbol! : last[section];
    return (
      <TradeScreen
        key={symbol}
        symbol={symbol}
        section={section}
        onPair={(p) => {
          const target = section === 'favorites' ? 'favorites' : sectionOf(p);
          setLast((l) => ({ ...l, [target]: p.symbol }));
          if (target !== section) onTab(target);
        }}
      />
    );
  };

  return (
    <div className={styles.page}>
      <NavBar title={t`Trade`} back={false} right={navRight} />
      <div className={styles.sections}>
        <Tabs activeKey={tab} onChange={(k) => onTab(k as TradeTab)}>
          <Tabs.Tab key="favorites" title={t`Favorites`} />
          <Tabs.Tab key="coin" title={t`Coins`} />
          <Tabs.Tab key="futures" title={t`Futures`} />
          <Tabs.Tab key="stock" title={t`Stocks`} />
        </Tabs>
      </div>
      {body()}
    </div>
  );
}
