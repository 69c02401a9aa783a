import { DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { DUAL_STATES, type DualState } from '@contract/invest';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { Refresh } from '@/components/Refresh';
import { useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { STATE_LABELS } from './model/labels';
import { useDualOrders } from './state/orders';
import { OrderCard } from './components/OrderCard';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import styles from './components/invest.module.css';

/** `invest/mine?state=`: my dual invest orders by state, with settlement price, time, source and payout. */
export function MinePage({ state, onState }: { state: DualState; onState: (s: DualState) => void }) {
  const { t, i18n } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`My investments`} />
      <div className={styles.tabs}>
        <Tabs activeKey={state} onChange={(k) => onState(k as DualState)}>
          {DUAL_STATES.map((s) => (
            <Tabs.Tab key={s} title={i18n._(STATE_LABELS[s])} />
          ))}
        </Tabs>
      </div>
      {!signedIn ? (
        <ErrorBlock status="empty" title={t`Log in to see your investments.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : (
        <Orders key={state} state={state} />
      )}
    </div>
  );
}

function Orders({ state }: { state: DualState }) {
  const { t } = useLingui();
  const online = useOnline();
  const orders = useDualOrders(state);
  const rows = orders.rows;
  return (
    <Refresh onRefresh={orders.refresh}>
      <OfflineAsOf savedAt={orders.savedAt} show={orders.failed || !online} />
      {rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : rows.length === 0 && !orders.more ? (
        <ErrorBlock status="empty" title={t`No orders here yet.`} description="" />
      ) : (
        <ul className={styles.list}>
          {rows.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </ul>
      )}
      <ListEnd more={orders.more} failed={orders.failed} loadMore={orders.loadMore} count={rows?.length ?? 0} />
    </Refresh>
  );
}
