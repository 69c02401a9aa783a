import { useMemo, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { PullToRefresh } from 'antd-mobile';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { pages } from '@/lib/nav';
import { useRealtimeStatus } from '@/lib/realtime';
import { isLoggedInAtom, siteAtom } from '@/lib/state';
import { QuoteList } from './components/QuoteList';
import { SegmentTabs } from './components/SegmentTabs';
import { AsOf, SimulatedLabel } from './components/Notes';
import { inSegment, nextSort, sortQuotes, type Segment, type SortOrder } from './model/sorting';
import { useFavoriteIds, useFavoritesRefresh, useToggleFavorite } from './state/favorites';
import { useFiat } from './state/fiat';
import { quotesOrLoading } from './model/quotes';
import { useLiveTickers, useQuotesRefresh, useStoredQuotes } from './state/quotes';
import styles from './components/market.module.css';
import rows from './components/quoteRow.module.css';

export const PAIR_PAGE = pages.quotation.index;

/**
 * The market tab: favorites, coins, futures and stocks, sortable, live. The list is read from
 * Dexie, so the last quotes stay on screen offline with the time they are from.
 */
export function MarketPage() {
  const { t } = useLingui();
  const router = useRouter();
  const [segment, setSegment] = useState<Segment>('coins');
  const [sort, setSort] = useState<SortOrder | null>(null);
  const site = useAtomValue(siteAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const online = useOnline();
  const live = useRealtimeStatus();
  const { loading, failed, saved, refresh } = useQuotesRefresh();
  const stored = quotesOrLoading(useStoredQuotes(), loading || saved > 0);
  const favorites = useFavoriteIds();
  const toggle = useToggleFavorite();
  const fiat = useFiat();
  useFavoritesRefresh();

  const shown = useMemo(
    () =>
      stored
        ? sortQuotes(
            stored.filter((q) => inSegment(q, segment, favorites)),
            sort,
          )
        : undefined,
    [stored, segment, favorites, sort],
  );
  useLiveTickers(useMemo(() => shown?.map((q) => q.symbol) ?? [], [shown]));

  const asOf =
    shown && shown.length > 0 && (!online || failed || live === 'offline')
      ? Math.max(...shown.map((q) => q.updatedAt))
      : null;
  const open = (symbol: string) => void router.navigate({ to: PAIR_PAGE, search: { symbol } });

  const empty =
    segment === 'favorites' ? (
      loggedIn ? (
        <Trans>No favorites yet. Tap the star next to a pair to add it.</Trans>
      ) : (
        <Trans>Log in to see your favorites.</Trans>
      )
    ) : (
      <Trans>No pairs to show.</Trans>
    );

  return (
    <>
      <NavBar
        back={false}
        title={t`Market`}
        right={
          <button
            type="button"
            className={styles.star}
            style={{ color: 'var(--app-text)', fontSize: 22 }}
            aria-label={t`Search`}
            onClick={() => void router.navigate({ to: pages.market.search })}
          >
            <SearchOutline />
          </button>
        }
      />
      <main className={styles.page}>
        <div className={styles.segments}>
          <SegmentTabs
            tabs={[
              { key: 'favorites', title: t`Favorites` },
              { key: 'coins', title: t`Coins` },
              { key: 'futures', title: t`Futures` },
              { key: 'stocks', title: t`Stocks` },
            ]}
            active={segment}
            onChange={setSegment}
          />
        </div>
        <div className={rows.notes}>
          {/* While the list loads, the label's place is kept: the list does not move when it shows. */}
          {stored === undefined ? (
            <SimulatedLabel placeholder />
          ) : (
            (site.demo || stored.some((q) => q.source === 'simulated')) && <SimulatedLabel />
          )}
          {asOf !== null && <AsOf time={asOf} />}
        </div>
        <PullToRefresh
          onRefresh={refresh}
          pullingText={t`Pull to refresh`}
          canReleaseText={t`Release to refresh`}
          refreshingText={t`Refreshing…`}
          completeText={t`Updated`}
        >
          <QuoteList
            quotes={shown}
            fiat={fiat}
            sort={sort}
            onSort={(k) => setSort((s) => nextSort(s, k))}
            favorites={favorites}
            onStar={(q) => void toggle(q)}
            onOpen={open}
            empty={empty}
          />
        </PullToRefresh>
      </main>
    </>
  );
}
