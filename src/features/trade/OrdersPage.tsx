import { useState } from 'react';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { Order, OrderSide } from '@contract/trade';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useGoLogin, type EntrustTab } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { sectionOf } from './model/pairs';
import { useCancelOrder } from './state/actions';
import { useFavoriteIds } from './state/favorites';
import { useOrderEvents, usePagedOrders } from './state/orders';
import { usePairs } from './state/pairs';
import { OrderDetailSheet } from './components/OrderDetailSheet';
import { OrderItem } from './components/OrderItem';
import { PairSwitcher } from './components/PairSwitcher';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './components/trade.module.css';

interface OrdersPageProps {
  state: EntrustTab;
  symbol?: string;
  onState: (state: EntrustTab) => void;
}

/** The entrust list (SPEC.md: in progress, complete) with pair and side filters. */
export function OrdersPage({ state, symbol: initialSymbol, onState }: OrdersPageProps) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  const [symbol, setSymbol] = useState<string | undefined>(initialSymbol);
  const [side, setSide] = useState<OrderSide | undefined>(undefined);
  const [opened, setOpened] = useState<Order | null>(null);
  const [picking, setPicking] = useState(false);
  const favorites = useFavoriteIds();
  const { pairs } = usePairs();
  const pair = symbol ? pairs?.find((p) => p.symbol === symbol) : undefined;

  return (
    <div>
      <NavBar title={t`Spot orders`} />
      <Tabs activeKey={state} onChange={(k) => onState(k as EntrustTab)}>
        <Tabs.Tab key="in_progress" title={t`In progress`} />
        <Tabs.Tab key="complete" title={t`Complete`} />
      </Tabs>
      <div className={styles.filters} role="group" aria-label={t`Filters`}>
        <button
          type="button"
          className={symbol ? styles.filterOn : styles.filter}
          aria-label={t`Pair filter: ${symbol ?? t`All pairs`}`}
          onClick={() => setPicking(true)}
        >
          {symbol ?? <Trans>All pairs</Trans>} <DownFill fontSize={8} />
        </button>
        {(['buy', 'sell'] as const).map((s) => (
          <button
            type="button"
            key={s}
            className={side === s ? styles.filterOn : styles.filter}
            aria-pressed={side === s}
            onClick={() => setSide(side === s ? undefined : s)}
          >
            {s === 'buy' ? <Trans>Buy only</Trans> : <Trans>Sell only</Trans>}
          </button>
        ))}
      </div>
      {!signedIn ? (
        <ErrorBlock status="empty" title={t`Log in to see your orders.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : symbol && !pair ? (
        <div className={fieldStyles.center}>
          <DotLoading color="primary" />
        </div>
      ) : (
        <OrderList
          key={`${state}:${symbol ?? ''}:${side ?? ''}`}
          state={state}
          pair={pair}
          side={side}
          onOpen={setOpened}
        />
      )}
      <OrderDetailSheet order={opened} onClose={() => setOpened(null)} />
      <PairSwitcher
        open={picking}
        pairs={pairs ?? []}
        favorites={favorites}
        current={symbol ?? ''}
        section={pair ? sectionOf(pair) : 'coin'}
        onPick={(p) => (setSymbol(p.symbol), setPicking(false))}
        onAll={() => (setSymbol(undefined), setPicking(false))}
        onClose={() => setPicking(false)}
      />
    </div>
  );
}

function OrderList({
  state,
  pair,
  side,
  onOpen,
}: {
  state: EntrustTab;
  pair: { symbol: string; currency_id: number; legal_id: number } | undefined;
  side: OrderSide | undefined;
  onOpen: (o: Order) => void;
}) {
  const { t } = useLingui();
  const list = usePagedOrders(state, { pair, side });
  const cancel = useCancelOrder(() => void list.refresh());
  useOrderEvents(() => void list.refresh());
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
        <div className={fieldStyles.asOf} role="status" data-testid="as-of">
          <Trans>Offline: orders as of {asOf}</Trans>
        </div>
      )}
      {list.orders === undefined ? (
        <div className={fieldStyles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.orders.length === 0 && !list.more ? (
        <ErrorBlock status="empty" title={t`No orders yet`} description="" />
      ) : (
        <ul className={styles.orders} data-testid={`orders-${state}`}>
          {list.orders.map((o) => (
            <OrderItem
              key={o.id}
              order={o}
              onOpen={onOpen}
              cancelling={cancel.busy}
              onCancel={state === 'in_progress' ? (x) => void cancel.submit(x.id) : undefined}
            />
          ))}
        </ul>
      )}
      <InfiniteScroll loadMore={list.loadMore} hasMore={list.more}>
        {list.more ? (
          <DotLoading color="primary" />
        ) : list.orders && list.orders.length > 0 ? (
          <span className={fieldStyles.noMore}>
            {list.failed ? <Trans>Could not load more. Pull down to try again.</Trans> : <Trans>No more data</Trans>}
          </span>
        ) : null}
      </InfiniteScroll>
    </PullToRefresh>
  );
}
