import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { OrderCard } from './components/OrderCard';
import { useMyOrders } from './state/orders';
import styles from './components/ieo.module.css';

/** My subscriptions (SPEC.md: applied and passed quantities), newest first, readable offline. */
export function IeoOrdersPage() {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`My subscriptions`} />
      {signedIn ? (
        <OrderList />
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see your subscriptions.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function OrderList() {
  const { t } = useLingui();
  const list = useMyOrders();
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {list.rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows.length === 0 && !list.more ? (
        <ErrorBlock status="empty" title={t`No subscriptions yet`} description="" />
      ) : (
        <ul className={styles.cards} data-testid="ieo-orders">
          {list.rows.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </Refresh>
  );
}
