import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { Empty, LoadFailed, Loading } from './components/Status';
import { useNews } from './state/content';
import styles from './components/content.module.css';

/** `common/article` without an id: the news, newest first, paged, readable offline with its time. */
export function NewsListPage() {
  const { t } = useLingui();
  const go = useGo();
  const news = useNews();
  return (
    <div className={styles.page}>
      <NavBar title={t`News`} />
      <Refresh onRefresh={news.refresh}>
        <OfflineAsOf savedAt={news.savedAt} show={news.failed} />
        {news.items === undefined || (news.items === null && !news.failed) ? (
          <Loading />
        ) : news.items === null ? (
          <LoadFailed onRetry={() => void news.refresh()} />
        ) : news.items.length === 0 ? (
          <Empty title={t`No news yet`} />
        ) : (
          <ul className={styles.list} data-testid="news-list">
            {news.items.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => go({ to: pages.common.article, search: { id: n.id } })}
                >
                  <span className={styles.itemTitle}>{n.title}</span>
                  {n.summary && <span className={styles.itemSummary}>{n.summary}</span>}
                  <time className={styles.itemTime} dateTime={new Date(n.published_at).toISOString()}>
                    {formatDateTime(n.published_at, activeBcp47())}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
        <ListEnd more={news.more} failed={news.failed} loadMore={news.loadMore} count={news.items?.length ?? 0} />
      </Refresh>
    </div>
  );
}
