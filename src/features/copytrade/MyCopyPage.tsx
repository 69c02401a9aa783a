import { DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { pages, useGo, useGoLogin, type CopyTab } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { useCopies, useFollows, useOnFuturesChange, type FollowList } from './state/holdings';
import { CopyCard } from './components/CopyCard';
import { FollowCard } from './components/FollowCard';
import { ListEnd } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { OfflineAsOf } from '@/components/ListEnd';
import { useConfirmCancel } from './components/useConfirmCancel';
import { useConfirmSelfHold } from './components/useConfirmSelfHold';
import styles from './components/copytrade.module.css';

/** `copytrade/my?tab=`: my follows (current, history) and my copies (open, history with skipped ones). */
export function MyCopyPage({ tab, onTab }: { tab: CopyTab; onTab: (tab: CopyTab) => void }) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`My copy trading`} />
      <div className={styles.tabs}>
        <Tabs activeKey={tab} onChange={(k) => onTab(k as CopyTab)}>
          <Tabs.Tab key="following" title={t`Following`} />
          <Tabs.Tab key="follows_history" title={t`Past follows`} />
          <Tabs.Tab key="copies" title={t`Open copies`} />
          <Tabs.Tab key="copies_history" title={t`Copy history`} />
        </Tabs>
      </div>
      {!signedIn ? (
        <ErrorBlock status="empty" title={t`Log in to see your copy trading.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : tab === 'following' || tab === 'follows_history' ? (
        <Follows key={tab} list={tab === 'following' ? 'current' : 'history'} />
      ) : (
        <Copies key={tab} list={tab === 'copies' ? 'current' : 'history'} />
      )}
    </div>
  );
}

function Follows({ list }: { list: FollowList }) {
  const { t } = useLingui();
  const go = useGo();
  const online = useOnline();
  const follows = useFollows(list);
  const cancel = useConfirmCancel(() => void follows.refresh());
  const rows = follows.rows;
  return (
    <Refresh onRefresh={follows.refresh}>
      <OfflineAsOf savedAt={follows.savedAt} show={follows.failed || !online} />
      {rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : rows.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={list === 'current' ? t`You follow nobody yet.` : t`No past follows.`}
          description={list === 'current' ? t`Pick a trader from the list to copy.` : ''}
        >
          {list === 'current' && (
            <button type="button" className={styles.link} onClick={() => go(pages.follow.index)}>
              <Trans>See traders</Trans>
            </button>
          )}
        </ErrorBlock>
      ) : (
        <ul className={styles.list} data-testid={`follows-${list}`}>
          {rows.map((f) => (
            <FollowCard
              key={f.id}
              follow={f}
              disabled={!online || cancel.busy}
              onOpen={(x) => go({ to: pages.follow.trader, search: { id: x.trader_user_id } })}
              onEdit={
                f.state === 'following'
                  ? (x) => go({ to: pages.follow.follow, search: { id: x.trader_user_id } })
                  : undefined
              }
              onCancel={f.state === 'following' ? cancel.ask : undefined}
            />
          ))}
        </ul>
      )}
      <ListEnd more={follows.more} failed={follows.failed} loadMore={follows.loadMore} count={rows?.length ?? 0} />
    </Refresh>
  );
}

function Copies({ list }: { list: FollowList }) {
  const { t } = useLingui();
  const online = useOnline();
  const copies = useCopies(list);
  useOnFuturesChange(() => void copies.refresh());
  const selfHold = useConfirmSelfHold(() => void copies.refresh());
  const rows = copies.rows;
  return (
    <Refresh onRefresh={copies.refresh}>
      <OfflineAsOf savedAt={copies.savedAt} show={copies.failed || !online} />
      {list === 'history' && (
        <p className={styles.statsTime}>
          <Trans>Closed copies, copies converted to self-holding, and skipped copies with the reason.</Trans>
        </p>
      )}
      {rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : rows.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={list === 'current' ? t`No open copies.` : t`No copy history yet.`}
          description={list === 'current' ? t`Copies open when a trader you follow opens a position.` : ''}
        />
      ) : (
        <ul className={styles.list} data-testid={`copies-${list}`}>
          {rows.map((c) => (
            <CopyCard
              key={c.id}
              copy={c}
              disabled={!online || selfHold.busy}
              onSelfHold={c.state === 'open' ? selfHold.ask : undefined}
            />
          ))}
        </ul>
      )}
      <ListEnd more={copies.more} failed={copies.failed} loadMore={copies.loadMore} count={rows?.length ?? 0} />
    </Refresh>
  );
}
