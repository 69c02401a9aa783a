import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { ProjectCard } from './components/ProjectCard';
import { useProjects } from './state/projects';
import styles from './components/ieo.module.css';

/** IEO projects (SPEC.md: list), newest first, paged, readable offline with their time. */
export function IeoListPage() {
  const { t } = useLingui();
  const go = useGo();
  const list = useProjects();
  return (
    <div className={styles.page}>
      <NavBar
        title={t`IEO`}
        right={
          <button type="button" className={styles.link} onClick={() => go({ to: pages.ieo.order })}>
            <Trans>My subscriptions</Trans>
          </button>
        }
      />
      <Refresh onRefresh={list.refresh}>
        <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
        {list.projects === undefined || (list.projects === null && !list.failed) ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : list.projects === null ? (
          <ErrorBlock
            status="disconnected"
            title={t`Projects could not be loaded`}
            description={t`Pull down to try again.`}
          />
        ) : list.projects.length === 0 ? (
          <ErrorBlock status="empty" title={t`No IEO projects yet`} description="" />
        ) : (
          <ul className={styles.cards} data-testid="ieo-projects">
            {list.projects.map((p) => (
              <ProjectCard
                key={p.id}
                project={p}
                onOpen={() => go({ to: pages.ieo.subscribe, search: { id: p.id } })}
              />
            ))}
          </ul>
        )}
        <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.projects?.length ?? 0} />
      </Refresh>
    </div>
  );
}
