import { useState } from 'react';
import { DotLoading, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@contract/trade';
import type { PublicTrade } from '../model/book';
import { ConditionalRows, type ConditionalListState } from './ConditionalList';
import { OrderItem } from './OrderItem';
import { RecentTrades } from './RecentTrades';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import own from './conditional.module.css';
import styles from './trade.module.css';

type View = 'in_progress' | 'conditional';

interface LowerTabsProps {
  signedIn: boolean;
  orders: Order[] | undefined;
  conditionals: ConditionalListState;
  cancel: { busy: boolean; submit: (id: number) => void };
  trades: readonly PublicTrade[];
  priceDecimals: number;
  /** The orders page, on its list of open orders or of stop orders. */
  onAll: (state: View) => void;
}

/**
 * Under the form: the pair's current orders, resting ones or waiting stop orders (a switch
 * between the two: a third tab does not fit beside these in every language), and recent trades.
 */
export function LowerTabs({ signedIn, orders, conditionals, cancel, trades, priceDecimals, onAll }: LowerTabsProps) {
  const { t } = useLingui();
  const [view, setView] = useState<View>('in_progress');
  const open = orders?.length ?? 0;
  const waiting = conditionals.rows?.filter((c) => c.status === 'waiting').length ?? 0;
  const current = open + waiting;
  const chip = (v: View, label: string) => (
    <button
      type="button"
      className={view === v ? styles.filterOn : styles.filter}
      aria-pressed={view === v}
      data-testid={`view-${v}`}
      onClick={() => setView(v)}
    >
      {label}
    </button>
  );
  return (
    <div className={fieldStyles.lower}>
      <Tabs defaultActiveKey="orders">
        <Tabs.Tab key="orders" title={t`Current orders (${current})`}>
          {signedIn ? (
            <>
              <div className={`${styles.lowerHead} ${own.views}`}>
                <div className={own.chips} role="group" aria-label={t`Current orders`}>
                  {chip('in_progress', t`Open (${open})`)}
                  {chip('conditional', t`Conditional (${waiting})`)}
                </div>
                <button type="button" className={styles.link} onClick={() => onAll(view)}>
                  <Trans>All orders</Trans>
                </button>
              </div>
              {view === 'in_progress' ? (
                <CurrentOrders orders={orders} cancel={cancel} priceDecimals={priceDecimals} />
              ) : (
                <PairConditionals list={conditionals} />
              )}
            </>
          ) : (
            <p className={fieldStyles.muted}>
              <Trans>Log in to see your orders.</Trans>
            </p>
          )}
        </Tabs.Tab>
        <Tabs.Tab key="trades" title={t`Recent trades`}>
          <RecentTrades trades={trades} priceDecimals={priceDecimals} />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}

/** The pair's open orders on the trade screen: loading, empty, or the rows with cancel. */
function CurrentOrders({
  orders,
  cancel,
  priceDecimals,
}: {
  orders: Order[] | undefined;
  cancel: { busy: boolean; submit: (id: number) => void };
  priceDecimals: number;
}) {
  if (orders === undefined) {
    return (
      <div className={fieldStyles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <p className={fieldStyles.muted}>
        <Trans>No open orders.</Trans>
      </p>
    );
  }
  return (
    <ul className={styles.orders} data-testid="current-orders">
      {orders.map((o) => (
        <OrderItem
          key={o.id}
          order={o}
          priceDecimals={priceDecimals}
          cancelling={cancel.busy}
          onCancel={(x) => void cancel.submit(x.id)}
        />
      ))}
    </ul>
  );
}

/** The pair's stop orders on the trade screen: loading, empty, or the rows. */
function PairConditionals({ list }: { list: ConditionalListState }) {
  if (list.rows === undefined) {
    return (
      <div className={fieldStyles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (list.rows.length === 0) {
    return (
      <p className={fieldStyles.muted}>
        <Trans>No stop orders yet</Trans>
      </p>
    );
  }
  return <ConditionalRows list={list} />;
}
