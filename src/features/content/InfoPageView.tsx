import { useLingui } from '@lingui/react/macro';
import type { ContentPage } from '@contract/content';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { RichText } from './components/RichText';
import { LoadFailed, Loading } from './components/Status';
import { useInfoPage } from './state/content';
import styles from './components/content.module.css';

/**
 * About us, contact us or operational compliance, as edited in the console, readable offline once
 * loaded. `bare` drops the navigation bar (the web view page). The title is the page's own.
 */
export function InfoPageView({ page, bare = false }: { page: ContentPage; bare?: boolean }) {
  const { t } = useLingui();
  const info = useInfoPage(page);
  const p = info.value;
  const fallbackTitle = {
    aboutus: t`About us`,
    contactus: t`Contact us`,
    operational_compliance: t`Operational compliance`,
  }[page];
  return (
    <div className={styles.page}>
      {!bare && <NavBar title={p?.title ?? fallbackTitle} />}
      <Refresh onRefresh={info.refresh}>
        <OfflineAsOf savedAt={info.savedAt} show={info.failed} />
        {p === undefined || (p === null && !info.failed) ? (
          <Loading />
        ) : p === null ? (
          <LoadFailed onRetry={() => void info.refresh()} />
        ) : (
          <article className={styles.article} data-testid={`page-${page}`}>
            {bare && <h1 className={styles.articleTitle}>{p.title}</h1>}
            <RichText html={p.body} />
          </article>
        )}
      </Refresh>
    </div>
  );
}
