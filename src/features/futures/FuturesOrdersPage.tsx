import { useState } from 'react';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { formatDateTime, formatGrouped, trend } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useGoLogin, type FuturesOrderTab } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { totalsAt } from './model/position';
import { useLeverPairs } from './state/pairs';
import { useLeverEvents, usePositions } from './state/positions';
import { useLivePrices } from './state/terms';
import { BatchCloseBar } from './components/BatchCloseBar';
import { PairSwitcher } from './components/PairSwitcher';
import { PositionsPanel } from './components/PositionsPanel';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './components/futures.module.css';

interface FuturesOrdersPageProps {
  tab: FuturesOrderTab;
  symbol?: string;
  onTab: (tab: FuturesOrderTab) => void;
}

/** Positions, pending limit opens and history (SPEC.md contract_order), with a pair filter. */
export function FuturesOrdersPage({ tab, symbol: initialSymbol, onTab }: FuturesOrdersPageProps) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  const [symbol, setSymbol] = useState<string | undefined>(initialSymbol);
  const [picking, setPicking] = useState(false);
  const { pairs } = useLeverPairs();
  const pair = symbol ? pairs?.find((p) => p.symbol === symbol) : undefined;

  return (
    <div className={styles.page}>
      <NavBar title={t`Futures orders`} />
      <div className={styles.tabs}>
        <Tabs activeKey={tab} onChange={(k) => onTab(k as FuturesOrderTab)}>
          <Tabs.Tab key="positions" title={t`Positions`} />
          <Tabs.Tab key="pending" title={t`Pending`} />
          <Tabs.Tab key="history" title={t`History`} />
        </Tabs>
      </div>
      <div className={styles.batch} role="group" aria-label={t`Filters`} style={{ paddingBottom: 0 }}>
        <button
          type="button"
          className={styles.batchButton}
          style={{ flex: '0 0 auto' }}
          aria-label={t`Pair filter: ${symbol ?? t`All pairs`}`}
          onClick={() => setPicking(true)}
        >
          {symbol ?? <Trans>All pairs</Trans>} <DownFill fontSize={8} />
        </button>
      </div>
      {!signedIn ? (
        <ErrorBlock status="empty" title={t`Log in to see your positions.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : symbol && !pair ? (
        <div className={fieldStyles.center}>
          <DotLoading color="primary" />
        </div>
      ) : (
        <PositionsList key={`${tab}:${symbol ?? ''}`} tab={tab} pair={pair} pairs={pairs} />
      )}
      <PairSwitcher
        open={picking}
        pairs={pairs ?? []}
        current={symbol ?? ''}
        onPick={(p) => (setSymbol(p.symbol), setPicking(false))}
        onAll={() => (setSymbol(undefined), setPicking(false))}
        onClose={() => setPicking(false)}
      />
    </div>
  );
}

function PositionsList({
  tab,
  pair,
  pairs,
}: {
  tab: FuturesOrderTab;
  pair: PairQuote | undefined;
  pairs: PairQuote[] | undefined;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const list = usePositions(tab === 'history' ? 'history' : 'current', pair);
  useLeverEvents(() => void list.refresh());
  const shown = list.positions?.filter((p) =>
    tab === 'positions' ? p.status === 'open' : tab === 'pending' ? p.status === 'pending' : true,
  );
  const asOf = (list.failed || !online) && list.savedAt ? formatDateTime(list.savedAt, activeBcp47()) : '';
  const openOnes = tab === 'positions' ? (shown ?? []) : [];
  const marks = useLivePrices(openOnes.map((p) => p.symbol));
  // Totals at the live marks: the sum of the positions' figures as each row shows them.
  const totals = totalsAt(openOnes, marks);
  const profit = totals.profit;
  const color = trend(profit) === 'up' ? 'var(--app-up)' : trend(profit) === 'down' ? 'var(--app-down)' : undefined;
  return (
    <PullToRefresh
      onRefresh={list.refresh}
      pullingText={t`Pull down to refresh`}
      canReleaseText={t`Release to refresh`}
      refreshingText={t`Refreshing`}
      completeText={t`Refreshed`}
    >
      {asOf && (
        <div className={fieldStyles.asOf} role="status" data-testid="as-of">
          <Trans>Offline: positions as of {asOf}</Trans>
        </div>
      )}
      {tab === 'positions' && list.totals && (
        <>
          <dl className={styles.summary} aria-label={t`Totals`}>
            <dt>
              <Trans>Unrealised profit</Trans>
            </dt>
            <dt>
              <Trans>Margin</Trans>
            </dt>
            <dt>
              <Trans>Available</Trans>
            </dt>
            <dd data-testid="total-profit" style={{ color }}>
              {formatGrouped(openOnes.length ? profit : list.totals.profits, 2)}
            </dd>
            <dd>{formatGrouped(list.totals.caution_money, 2)}</dd>
            <dd>{formatGrouped(list.totals.balance, 2)} USDT</dd>
            <dt>
              <Trans>Risk rate</Trans>
            </dt>
            <dt />
            <dt />
            <dd data-testid="total-risk-rate">
              {(openOnes.length ? totals.hazardRate : list.totals.hazard_rate) ?? '--'}
              {(openOnes.length ? totals.hazardRate : list.totals.hazard_rate) !== null ? '%' : ''}
            </dd>
          </dl>
          <p className={styles.hint} style={{ padding: '0 12px' }}>
            <Trans>
              Risk rate = (margin + unrealised profit) / maintenance margin at the mark price. Near 100% the position
              reaches its liquidation price.
            </Trans>
          </p>
          <BatchCloseBar open={openOnes} pair={pair} online={online} onDone={() => void list.refresh()} />
        </>
      )}
      <PositionsPanel
        positions={shown}
        pairs={pairs}
        actions={tab !== 'history'}
        online={online}
        empty={
          tab === 'positions' ? t`No open positions.` : tab === 'pending' ? t`No pending orders.` : t`No history yet.`
        }
        testId={`positions-${tab}`}
        onChanged={() => void list.refresh()}
      />
      {tab === 'history' && (
        <InfiniteScroll loadMore={list.loadMore} hasMore={list.more}>
          {list.more ? (
            <DotLoading color="primary" />
          ) : shown && shown.length > 0 ? (
            <span className={fieldStyles.noMore}>
              {list.failed ? <Trans>Could not load more. Pull down to try again.</Trans> : <Trans>No more data</Trans>}
            </span>
          ) : null}
        </InfiniteScroll>
      )}
    </PullToRefresh>
  );
}
