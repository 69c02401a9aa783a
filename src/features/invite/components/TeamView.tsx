import { Button, DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { NavBar } from '@/components/NavBar';
import { Refresh } from '@/components/Refresh';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useState } from 'react';
import { useInviteInfo, useTeam } from '../state/invite';
import styles from './invite.module.css';

/** `setting/share?view=team`: invited users by generation, accounts masked. */
export function TeamView() {
  const { t } = useLingui();
  const { info } = useInviteInfo();
  const [generation, setGeneration] = useState(1);
  const count = (g: number) => info?.team.find((x) => x.generation === g)?.count;
  const title = (label: string, g: number) => (count(g) === undefined ? label : `${label} (${count(g)})`);
  return (
    <div className={styles.page}>
      <NavBar title={t`My team`} />
      <Tabs activeKey={String(generation)} onChange={(k) => setGeneration(Number(k))}>
        <Tabs.Tab key="1" title={title(t`Invited by you`, 1)} />
        <Tabs.Tab key="2" title={title(t`Invited by your friends`, 2)} />
      </Tabs>
      <Members key={generation} generation={generation} />
    </div>
  );
}

function Members({ generation }: { generation: number }) {
  const { t } = useLingui();
  const list = useTeam(generation);
  const bcp47 = activeBcp47();
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {list.rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows.length === 0 && list.failed ? (
        <ErrorBlock
          status="disconnected"
          title={t`Could not load your team`}
          description={t`Check your connection and try again.`}
        >
          <Button onClick={() => void list.refresh()}>
            <Trans>Try again</Trans>
          </Button>
        </ErrorBlock>
      ) : list.rows.length === 0 && !list.more ? (
        <ErrorBlock
          status="empty"
          title={t`Nobody here yet`}
          description={t`Share your invitation link to build your team.`}
        />
      ) : (
        <ul className={styles.list} data-testid={`team-${generation}`} style={{ paddingTop: 10 }}>
          {list.rows.map((m) => (
            <li key={`${m.account}|${m.joined_at}`} className={styles.member}>
              <span>{m.account}</span>
              <span>
                <Trans>Joined {formatDateTime(m.joined_at, bcp47)}</Trans>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </Refresh>
  );
}
