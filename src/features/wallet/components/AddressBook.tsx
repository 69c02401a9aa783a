import { Button, DotLoading, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchAddresses } from '../api/binding';
import { useCachedQuery } from '../hooks/useCachedQuery';
import { AsOf } from './AsOf';
import styles from './wallet.module.css';

/** The user's bound withdrawal addresses. */
export function AddressBook({ onAdd }: { onAdd: () => void }) {
  const { t } = useLingui();
  const q = useCachedQuery('fund:addresses:all', () => fetchAddresses());
  const items = q.value?.data;
  return (
    <PullToRefresh
      onRefresh={q.refresh}
      pullingText={t`Pull down to refresh`}
      canReleaseText={t`Release to refresh`}
      refreshingText={t`Refreshing`}
      completeText={t`Refreshed`}
    >
      <div className={styles.page}>
        <AsOf savedAt={q.savedAt} stale={q.stale} />
        {!items ? (
          <div className={styles.center}>{q.stale ? null : <DotLoading color="primary" />}</div>
        ) : items.length === 0 ? (
          <ErrorBlock status="empty" title={t`No withdrawal address yet`} description="" />
        ) : (
          <ul className={styles.records}>
            {items.map((a) => (
              <li key={a.id} className={styles.card}>
                <div className={styles.recordRow}>
                  <span className={styles.recordTitle}>{a.name}</span>
                  <span className={styles.muted}>
                    {a.currency} · {a.network}
                  </span>
                </div>
                <div className={styles.addressSmall}>{a.address}</div>
              </li>
            ))}
          </ul>
        )}
        <Button className={styles.submit} block color="primary" size="large" onClick={onAdd}>
          <Trans>Add address</Trans>
        </Button>
      </div>
    </PullToRefresh>
  );
}
