import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { useTraders } from './state/traders';
import { ListEnd } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { OfflineAsOf } from '@/components/ListEnd';
import { StatsTime } from './components/StatsTime';
import { TraderCard } from './components/TraderCard';
import styles from './components/copytrade.module.css';

/** `follow/index`: approved traders, most followers first, with their hourly statistics. */
export function TraderListPage() {
  const { t } = useLingui();
  const go = useGo();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar
        title={t`Copy trading`}
        right={
          signedIn && (
            <button type="button" className={styles.link} onClick={() => go(pages.copytrade.copy)}>
              <Trans>Mine</Trans>
            </button>
          )
        }
      />
      {signedIn ? (
        <Traders />
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see the traders and follow them.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function Traders() {
  const { t } = useLingui();
  const go = useGo();
  const online = useOnline();
  const list = useTraders();
  const traders = list.traders;
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed || !online} />
      {traders && traders.length > 0 && <StatsTime asOf={traders[0]?.stats.as_of} />}
      {traders === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : traders.length === 0 ? (
        list.failed ? (
          <ErrorBlock
            status="disconnected"
            title={t`Could not load the traders.`}
            description={t`Pull down to try again.`}
          />
        ) : (
          <ErrorBlock status="empty" title={t`No traders yet.`} description={t`Approved traders appear here.`} />
        )
      ) : (
        <ul className={styles.list} data-testid="traders">
          {traders.map((trader) => (
            <TraderCard
              key={trader.user_id}
              trader={trader}
              onOpen={(x) => go({ to: pages.follow.trader, search: { id: x.user_id } })}
            />
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={traders?.length ?? 0} />
    </Refresh>
  );
}
