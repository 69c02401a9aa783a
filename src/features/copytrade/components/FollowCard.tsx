import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { FOLLOW_TYPES, type Follow } from '@contract/copytrade';
import { formatDateTime, formatNumber } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { FOLLOW_STATE_LABELS } from '../model/labels';
import { Avatar } from './Avatar';
import { signClass, usdt } from './money';
import styles from './copytrade.module.css';

interface FollowCardProps {
  follow: Follow;
  onOpen: (f: Follow) => void;
  /** Edit and cancel: only for active follows, online. */
  onEdit?: (f: Follow) => void;
  onCancel?: (f: Follow) => void;
  disabled?: boolean;
}

/** One of the user's follows: the trader, the settings, and what it copied. */
export function FollowCard({ follow: f, onOpen, onEdit, onCancel, disabled }: FollowCardProps) {
  const { t, i18n } = useLingui();
  const since = formatDateTime(Date.parse(f.cancelled_at ?? f.created_at), activeBcp47());
  return (
    <li className={styles.card} data-testid="follow" data-id={f.id} data-state={f.state}>
      <button
        type="button"
        className={styles.cardHead}
        style={{ width: '100%', padding: 0, border: 0, background: 'none', color: 'inherit', textAlign: 'left' }}
        onClick={() => onOpen(f)}
      >
        <Avatar name={f.trader_name} />
        <span className={styles.cardTitle}>
          <strong>{f.trader_name}</strong>
          <small>{f.state === 'cancelled' ? <Trans>Cancelled {since}</Trans> : <Trans>Since {since}</Trans>}</small>
        </span>
        <span className={f.state === 'following' ? styles.tagOn : styles.tag}>
          {i18n._(FOLLOW_STATE_LABELS[f.state])}
        </span>
      </button>
      <dl className={styles.figures}>
        <dt>
          <Trans>Copy type</Trans>
        </dt>
        <dd>
          {f.type === FOLLOW_TYPES.multiple
            ? t`Fixed multiple ×${formatNumber(f.number, 2)}`
            : t`Fixed lots: ${formatNumber(f.number, 0)}`}
        </dd>
        <dt>
          <Trans>Amount cap</Trans>
        </dt>
        <dd>{f.max_amount ? `${usdt(f.max_amount)} USDT` : t`No cap`}</dd>
        <dt>
          <Trans>Margin in open copies</Trans>
        </dt>
        <dd data-testid="used-amount">{usdt(f.used_amount)} USDT</dd>
        <dt>
          <Trans>Copied / skipped</Trans>
        </dt>
        <dd>
          {f.copied_count} / {f.skipped_count}
        </dd>
        <dt>
          <Trans>Realised PnL</Trans>
        </dt>
        <dd className={signClass(f.profit)}>{usdt(f.profit)} USDT</dd>
      </dl>
      {(onEdit || onCancel) && (
        <div className={styles.actions}>
          {onCancel && (
            <Button size="small" disabled={disabled} onClick={() => onCancel(f)}>
              <Trans>Cancel follow</Trans>
            </Button>
          )}
          {onEdit && (
            <Button size="small" color="primary" disabled={disabled} onClick={() => onEdit(f)}>
              <Trans>Edit</Trans>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
