import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import styles from './ListEnd.module.css';

/** The infinite list's end: loading the next page, "no more data", or a failed load. */
export function ListEnd({
  more,
  failed,
  loadMore,
  count,
}: {
  more: boolean;
  failed: boolean;
  loadMore: () => Promise<void>;
  count: number;
}) {
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={more}>
      {more ? (
        <DotLoading color="primary" />
      ) : count > 0 ? (
        <span className={styles.noMore}>
          {failed ? <Trans>Could not load more. Pull down to try again.</Trans> : <Trans>No more data</Trans>}
        </span>
      ) : null}
    </InfiniteScroll>
  );
}

/** Shown when the screen reads the stored copy (offline, or the last refresh failed), with its time. */
export function OfflineAsOf({ savedAt, show }: { savedAt: number | undefined; show: boolean }) {
  if (!show || savedAt === undefined) return null;
  const when = formatDateTime(savedAt, activeBcp47());
  return (
    <div className={styles.asOf} role="status" data-testid="as-of">
      <Trans>Offline: as of {when}</Trans>
    </div>
  );
}
