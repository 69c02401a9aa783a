import { useCallback, useEffect, useState } from 'react';
import { Dialog, DotLoading, ErrorBlock, Tag, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PriceAlert } from '@contract/alerts';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { fetchAlerts, sendDelete, sendPause, sendResume } from './api/alerts';
import styles from './components/alerts.module.css';

interface AlertList {
  items: PriceAlert[];
  active: number;
  max_active: number;
}

/** `setting/alerts`: the user's price alerts with pause, resume and delete. */
export function AlertsPage() {
  const { t } = useLingui();
  const [list, setList] = useState<AlertList | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    fetchAlerts().then(setList, () => setFailed(true));
  }, []);
  // Started after this render's effects: the state it sets arrives with the reply.
  useEffect(() => void Promise.resolve().then(load), [load]);

  const act = useSubmit(
    async (alert: PriceAlert, action: 'pause' | 'resume' | 'delete') => {
      if (action === 'delete') {
        const confirmed = await Dialog.confirm({
          content: t`Delete this alert on ${alert.symbol}?`,
          confirmText: t`Delete`,
          cancelText: t`Cancel`,
        });
        if (!confirmed) return;
        await sendDelete(alert.id);
        Toast.show({ icon: 'success', content: t`Alert deleted` });
      } else if (action === 'pause') await sendPause(alert.id);
      else await sendResume(alert.id);
      load();
    },
    { name: 'alert action' },
  );

  return (
    <div className={styles.page}>
      <NavBar title={t`Price alerts`} />
      {failed ? (
        <ErrorBlock status="disconnected" title={t`Your alerts could not be loaded.`} description="">
          <button type="button" className={styles.primary} onClick={load}>
            <Trans>Retry</Trans>
          </button>
        </ErrorBlock>
      ) : list === undefined ? (
        <div className={styles.center} data-testid="alerts-loading">
          <DotLoading color="primary" />
        </div>
      ) : list.items.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={t`No price alerts yet`}
          description={t`Tap the bell on a pair's trading page to be told when its price moves.`}
        />
      ) : (
        <>
          <p className={styles.summary}>
            <Trans>
              {list.active} of at most {list.max_active} alerts active
            </Trans>
          </p>
          <ul className={styles.cards} data-testid="alerts-list">
            {list.items.map((a) => (
              <AlertCard key={a.id} alert={a} busy={act.busy} onAction={(action) => void act.submit(a, action)} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function AlertCard({
  alert: a,
  busy,
  onAction,
}: {
  alert: PriceAlert;
  busy: boolean;
  onAction: (action: 'pause' | 'resume' | 'delete') => void;
}) {
  const { t } = useLingui();
  const condition =
    a.kind === 'above'
      ? t`Price at or above ${a.price}`
      : a.kind === 'below'
        ? t`Price at or below ${a.price}`
        : t`24 h change beyond ±${a.percent}%`;
  const status =
    a.status === 'active' ? (
      <Tag color="success">{t`Active`}</Tag>
    ) : a.status === 'paused' ? (
      <Tag color="default">{t`Paused`}</Tag>
    ) : (
      <Tag color="warning">{t`Fired`}</Tag>
    );
  const every = a.cooldown_minutes;
  return (
    <li className={styles.card} data-testid={`alert-${a.id}`}>
      <div className={styles.head}>
        <span>{a.symbol}</span>
        {status}
      </div>
      <p className={styles.condition}>{condition}</p>
      <p className={styles.meta}>
        {a.repeat ? <Trans>Repeats, at most once every {every} min</Trans> : <Trans>One time</Trans>}
      </p>
      {a.last_fired_at !== null && (
        <p className={styles.meta}>
          <Trans>
            Last fired {formatDateTime(a.last_fired_at, activeBcp47())} at {a.last_fired_price}
          </Trans>
        </p>
      )}
      <div className={styles.actions}>
        {a.status === 'active' ? (
          <button type="button" className={styles.choice} disabled={busy} onClick={() => onAction('pause')}>
            <Trans>Pause</Trans>
          </button>
        ) : (
          <button type="button" className={styles.choice} disabled={busy} onClick={() => onAction('resume')}>
            <Trans>Resume</Trans>
          </button>
        )}
        <button
          type="button"
          className={styles.choice}
          disabled={busy}
          onClick={() => onAction('delete')}
          data-testid={`alert-delete-${a.id}`}
        >
          <Trans>Delete</Trans>
        </button>
      </div>
    </li>
  );
}
