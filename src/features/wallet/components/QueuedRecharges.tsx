import { Tag } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRechargeQueue } from '../hooks/useRechargeQueue';
import styles from './wallet.module.css';

const COLOR = { queued: 'warning', sent: 'success', rejected: 'danger' } as const;

/** Recharges saved offline: queued until the service worker sends them, then sent. */
export function QueuedRecharges() {
  const { t } = useLingui();
  const items = useRechargeQueue();
  if (items.length === 0) return null;
  const label = { queued: t`Queued`, sent: t`Sent`, rejected: t`Rejected` };
  return (
    <section className={styles.card} aria-label={t`Saved offline`}>
      <div className={styles.fieldLabel}>
        <Trans>Saved offline</Trans>
      </div>
      <ul className={styles.records}>
        {items.map((q) => (
          <li key={q.key} className={styles.record} data-testid="queued-recharge" data-state={q.state}>
            <div className={styles.recordRow}>
              <span>
                {q.amount} {q.currency} · {q.network}
              </span>
              <Tag color={COLOR[q.state]} fill="outline">
                {label[q.state]}
              </Tag>
            </div>
            {q.error && <div className={styles.error}>{q.error}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}
