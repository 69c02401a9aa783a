import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import styles from './content.module.css';

/** Loading, failed-without-a-copy and empty states shared by the content screens. */
export function Loading() {
  return (
    <div className={styles.center}>
      <DotLoading color="primary" />
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <ErrorBlock status="disconnected" title={t`This could not be loaded`} description={t`Pull down to try again.`}>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t`Try again`}
      </button>
    </ErrorBlock>
  );
}

export function Empty({ title }: { title: string }) {
  return <ErrorBlock status="empty" title={title} description="" />;
}
