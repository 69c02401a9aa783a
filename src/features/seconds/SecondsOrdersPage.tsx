import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useGoLogin, type SecondsOrderTab } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { useNow } from './hooks/useNow';
import { useSettlements } from './state/actions';
import { useMicroOrders } from './state/orders';
import { useMicroPairs } from './state/terms';
import { OrderCard } from './components/OrderCard';
import { ResultSheet } from './components/ResultSheet';
import styles from './components/seconds.module.css';

interface SecondsOrdersPageProps {
  state: SecondsOrderTab;
  /** Only this pair's contracts; all pairs when absent. */
  symbol?: string;
  onState: (state: SecondsOrderTab) => void;
}

/** The user's seconds contracts (SPEC.md: holding and history), 5 a page, readable offline. */
export function SecondsOrdersPage({ state, symbol, onState }: SecondsOrdersPageProps) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  const { pairs } = useMicroPairs();
  const pair = symbol ? pairs?.find((p) => p.symbol === symbol) : undefined;
  return (
    <div className={styles.page}>
      <NavBar title={symbol ? t`Seconds contracts · ${symbol}` : t`My seconds contracts`} />
      <Tabs activeKey={state} onChange={(k) => onState(k as SecondsOrderTab)}>
        <Tabs.Tab key="holding" title={t`Holding`} />
        <Tabs.Tab key="history" title={t`History`} />
      </Tabs>
      {!signedIn ? (
        <ErrorBlock status="empty" title={t`Log in to see your contracts.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : symbol && pairs === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : (
        <OrderList
          key={`${state}:${pair?.id ?? ''}`}
          state={state}
          matchId={pair?.id}
          decimalsOf={(s) => pairs?.find((p) => p.symbol === s)?.price_decimals ?? 2}
        />
      )}
    </div>
  );
}

function OrderList({
  state,
  matchId,
  decimalsOf,
}: {
  state: SecondsOrderTab;
  matchId: number | undefined;
  decimalsOf: (symbol: string) => number;
}) {
  const { t } = useLingui();
  const list = useMicroOrders(state, matchId);
  const holdingRows = state === 'holding' ? list.orders : undefined;
  const settlements = useSettlements(holdingRows, () => void list.refresh());
  // Holding: countdowns every second; history: time-ago labels every minute.
  const now = useNow(state === 'holding' ? 1000 : 60_000, (list.orders?.length ?? 0) > 0);
  const asOf = list.failed && list.savedAt ? formatDateTime(list.savedAt, activeBcp47()) : '';
  return (
    <PullToRefresh
      onRefresh={list.refresh}
      pullingText={t`Pull down to refresh`}
      canReleaseText={t`Release to refresh`}
      refreshingText={t`Refreshing`}
      completeText={t`Refreshed`}
    >
      {asOf && (
        <div className={styles.asOf} role="status" data-testid="as-of">
          <Trans>Offline: contracts as of {asOf}</Trans>
        </div>
      )}
      {list.orders === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.orders.length === 0 && !list.more ? (
        <ErrorBlock
          status="empty"
          title={state === 'holding' ? t`No holding contracts` : t`No settled contracts yet`}
          description=""
        />
      ) : (
        <ul className={styles.cards} data-testid={`micro-${state}`}>
          {list.orders.map((row) => (
            <OrderCard key={row.order.id} row={row} now={now} decimals={decimalsOf(row.order.symbol)} />
          ))}
        </ul>
      )}
      <InfiniteScroll loadMore={list.loadMore} hasMore={list.more}>
        {list.more ? (
          <DotLoading color="primary" />
        ) : list.orders && list.orders.length > 0 ? (
          <span className={styles.noMore}>
            {list.failed ? <Trans>Could not load more. Pull down to try again.</Trans> : <Trans>No more data</Trans>}
          </span>
        ) : null}
      </InfiniteScroll>
      <ResultSheet
        order={settlements.result}
        decimals={settlements.result ? decimalsOf(settlements.result.symbol) : 2}
        onClose={settlements.dismiss}
      />
    </PullToRefresh>
  );
}
