import { useState } from 'react';
import { DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LockOrder, LockStatus } from '@contract/lockming';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { OrderCard } from './components/OrderCard';
import { RedeemSheet } from './components/RedeemSheet';
import { useRedeem } from './state/actions';
import { useLockOrders } from './state/orders';
import styles from './components/lockming.module.css';

interface LockOrdersPageProps {
  state: LockStatus;
  onState: (state: LockStatus) => void;
}

/** `lockming/order`: orders in progress (with early redemption) and redeemed, readable offline. */
export function LockOrdersPage({ state, onState }: LockOrdersPageProps) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`My lock mining`} />
      <Tabs activeKey={state} onChange={(k) => onState(k as LockStatus)}>
        <Tabs.Tab key="in_progress" title={t`In progress`} />
        <Tabs.Tab key="redeemed" title={t`Redeemed`} />
      </Tabs>
      {signedIn ? (
        <OrderList key={state} state={state} />
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see your orders.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function OrderList({ state }: { state: LockStatus }) {
  const { t } = useLingui();
  const list = useLockOrders(state, true);
  const [redeeming, setRedeeming] = useState<LockOrder | null>(null);
  const redeem = useRedeem(() => {
    setRedeeming(null);
    void list.refresh();
  });
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {list.rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows.length === 0 && !list.more ? (
        <ErrorBlock
          status="empty"
          title={state === 'in_progress' ? t`No orders in progress` : t`No redeemed orders yet`}
          description=""
        />
      ) : (
        <ul className={styles.cards} data-testid={`lock-${state}`}>
          {list.rows.map((o) => (
            <OrderCard key={o.id} order={o} onRedeem={o.status === 'in_progress' ? () => setRedeeming(o) : undefined} />
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
      <RedeemSheet
        order={redeeming}
        busy={redeem.busy}
        onConfirm={() => redeeming && redeem.submit(redeeming.id)}
        onClose={() => setRedeeming(null)}
      />
    </Refresh>
  );
}
