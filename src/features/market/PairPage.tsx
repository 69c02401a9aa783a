import { useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Tabs } from 'antd-mobile';
import type { Period } from '@contract/market-events';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { useRealtimeStatus } from '@/lib/realtime';
import { siteAtom } from '@/lib/state';
import { CandleChart } from './components/CandleChart';
import { DepthBook } from './components/DepthBook';
import { AsOf, PriceTag, SimulatedLabel } from './components/Notes';
import { PairHeader } from './components/PairHeader';
import { PairTradeBar } from './components/PairTradeBar';
import { PeriodTabs } from './components/PeriodTabs';
import { StarButton } from './components/StarButton';
import { TradeList } from './components/TradeList';
import { PERIOD_MS } from './model/candles';
import { useCandles } from './state/candles';
import { useFavoriteIds, useFavoritesRefresh, useToggleFavorite } from './state/favorites';
import { useFiat } from './state/fiat';
import { usePairBook } from './state/pair';
import { useLiveTickers, useStoredQuote } from './state/quotes';
import { useRecentViews } from './state/recent';
import styles from './components/pair.module.css';
import list from './components/quoteRow.module.css';

/** One pair: live price and 24 h figures, candles with a period switcher, depth and trades. */
export function PairPage({ symbol }: { symbol: string }) {
  const { t } = useLingui();
  const [period, setPeriod] = useState<Period>('15min');
  const site = useAtomValue(siteAtom);
  const online = useOnline();
  const live = useRealtimeStatus();
  const quote = useStoredQuote(symbol);
  const { candles, savedAt, failed } = useCandles(symbol, period);
  const { book } = usePairBook(symbol);
  const favorites = useFavoriteIds();
  const toggle = useToggleFavorite();
  const fiat = useFiat();
  const { add } = useRecentViews();
  useLiveTickers(useMemo(() => [symbol], [symbol]));
  useFavoritesRefresh();

  useEffect(() => add(symbol), [add, symbol]);

  const notLive = !online || live === 'offline' || failed;
  const starred = quote ? favorites.has(quote.currency_id) : false;

  return (
    <>
      <NavBar
        title={symbol}
        right={quote ? <StarButton starred={starred} onToggle={() => void toggle(quote)} /> : undefined}
      />
      <main>
        {quote === undefined ? (
          <div className={list.skeleton} style={{ height: 90 }} />
        ) : quote === null ? (
          <p className={styles.muted}>
            <Trans>This pair is not available offline yet.</Trans>
          </p>
        ) : (
          <PairHeader quote={quote} fiat={fiat} />
        )}
        <div className={styles.notes}>
          {(site.demo || quote?.source === 'simulated') && <SimulatedLabel />}
          {quote && <PriceTag quote={quote} />}
          {notLive && quote && <AsOf time={Math.max(quote.updatedAt, savedAt ?? 0)} />}
        </div>
        <PeriodTabs value={period} onChange={setPeriod} />
        <CandleChart
          candles={candles}
          intraday={PERIOD_MS[period] < PERIOD_MS['1day']}
          decimals={quote?.price_decimals ?? 2}
        />
        <div className={styles.tabs}>
          <Tabs defaultActiveKey="book">
            <Tabs.Tab key="book" title={t`Order book`}>
              {book ? (
                <DepthBook bids={book.bids} asks={book.asks} decimals={quote?.price_decimals ?? 2} />
              ) : (
                <p className={styles.muted}>
                  <Trans>Loading…</Trans>
                </p>
              )}
            </Tabs.Tab>
            <Tabs.Tab key="trades" title={t`Recent trades`}>
              {book ? (
                <TradeList trades={book.trades} decimals={quote?.price_decimals ?? 2} />
              ) : (
                <p className={styles.muted}>
                  <Trans>Loading…</Trans>
                </p>
              )}
            </Tabs.Tab>
          </Tabs>
        </div>
      </main>
      {quote && <PairTradeBar quote={quote} />}
    </>
  );
}
