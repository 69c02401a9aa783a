import type { ReactNode } from 'react';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { AsOf } from './AsOf';
import styles from './wallet.module.css';

export interface RecordListProps<T> {
  items: T[] | undefined;
  more: boolean;
  failed: boolean;
  savedAt?: number;
  loadMore: () => Promise<void>;
  refresh: () => Promise<void>;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
}

/** A records list: pull to refresh, infinite scroll, empty and "no more data" states. */
export function RecordList<T>({ items, more, failed, savedAt, loadMore, refresh, render, keyOf }: RecordListProps<T>) {
  const { t } = useLingui();
  return (
    <PullToRefresh
      onRefresh={refresh}
      pullingText={t`Pull down to refresh`}
      canReleaseText={t`Release to refresh`}
      refreshingText={t`Refreshing`}
      completeText={t`Refreshed`}
    >
      <AsOf savedAt={savedAt} stale={failed} />
      {items === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : items.length === 0 && !more ? (
        <ErrorBlock
          status="empty"
          title={t`No records yet`}
          description={failed ? t`Could not load records. Pull down to try again.` : ''}
        />
      ) : (
        <ul className={styles.records}>
          {items.map((item) => (
            <li key={keyOf(item)} className={styles.record}>
              {render(item)}
            </li>
          ))}
        </ul>
      )}
      <InfiniteScroll loadMore={loadMore} hasMore={more}>
        {more ? (
          <DotLoading color="primary" />
        ) : items && items.length > 0 ? (
          <span className={styles.noMore}>
            {failed ? <Trans>Could not load more. Pull down to try again.</Trans> : <Trans>No more data</Trans>}
          </span>
        ) : null}
      </InfiniteScroll>
    </PullToRefresh>
  );
}
