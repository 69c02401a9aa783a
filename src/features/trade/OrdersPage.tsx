import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order, OrderSide } from '@contract/trade';
import { OrderListPage, PagedOrderList } from '@/components/OrderListShell';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import type { EntrustTab } from '@/lib/nav';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { LIST_TEXTS } from './model/listTexts';
import { sectionOf } from './model/pairs';
import { useCancelOrder } from './state/actions';
import { useFavoriteIds } from './state/favorites';
import { useOrderEvents, usePagedOrders } from './state/orders';
import { usePairs } from './state/pairs';
import { PagedConditionals } from './components/ConditionalList';
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

/** The entrust list (SPEC.md: in progress, complete) and stop orders, with pair and side filters. */
export function OrdersPage({ state, symbol: initialSymbol, onState }: OrdersPageProps) {
  const { t } = useLingui();
  const [symbol, setSymbol] = useState<string | undefined>(initialSymbol);
  const [side, setSide] = useState<OrderSide | undefined>(undefined);
  const [opened, setOpened] = useState<Order | null>(null);
  const [picking, setPicking] = useState(false);
  const favorites = useFavoriteIds();
  const { pairs } = usePairs();
  const pair = symbol ? pairs?.find((p) => p.symbol === symbol) : undefined;

  const filters = (
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
  );
  const sheets = (
    <>
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
    </>
  );

  return (
    <OrderListPage
      title={t`Spot orders`}
      tabs={[
        { key: 'in_progress', title: t`In progress` },
        { key: 'complete', title: t`Complete` },
        { key: 'conditional', title: t`Conditional` },
      ]}
      tab={state}
      onTab={onState}
      filters={filters}
      loginTitle={t`Log in to see your orders.`}
      linkClassName={styles.link}
      waiting={!!symbol && !pair}
      centerClassName={fieldStyles.center}
      after={sheets}
    >
      {state === 'conditional' ? (
        <PagedConditionals key={symbol ?? ''} pair={pair} side={side} />
      ) : (
        <OrderList
          key={`${state}:${symbol ?? ''}:${side ?? ''}`}
          state={state}
          pair={pair}
          side={side}
          onOpen={setOpened}
        />
      )}
    </OrderListPage>
  );
}

function OrderList({
  state,
  pair,
  side,
  onOpen,
}: {
  state: Exclude<EntrustTab, 'conditional'>;
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
    <PagedOrderList
      texts={LIST_TEXTS}
      list={list}
      count={list.orders?.length}
      asOf={asOf && <Trans>Offline: orders as of {asOf}</Trans>}
      empty={t`No orders yet`}
      classes={fieldStyles}
    >
      <ul className={styles.orders} data-testid={`orders-${state}`}>
        {list.orders?.map((o) => (
          <OrderItem
            key={o.id}
            order={o}
            onOpen={onOpen}
            cancelling={cancel.busy}
            onCancel={state === 'in_progress' ? (x) => void cancel.submit(x.id) : undefined}
          />
        ))}
      </ul>
    </PagedOrderList>
  );
}
