import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Copy } from '@contract/copytrade';
import { formatDateTime, formatNumber } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { CLOSE_REASON_LABELS, COPY_STATE_LABELS, SIDE_LABELS, SKIP_REASON_LABELS } from '../model/labels';
import { signClass, usdt } from './money';
import styles from './copytrade.module.css';

interface CopyCardProps {
  copy: Copy;
  /** Convert to self-holding: only for open copies, online. */
  onSelfHold?: (c: Copy) => void;
  disabled?: boolean;
}

/** One copy: the trader's lots and the user's, the position's figures, or why it was skipped. */
export function CopyCard({ copy: c, onSelfHold, disabled }: CopyCardProps) {
  const { i18n } = useLingui();
  const p = c.position;
  const when = formatDateTime(Date.parse(p?.close_time ?? p?.transaction_time ?? c.created_at), activeBcp47());
  const closed = c.state === 'closed' || p?.status === 'closed';
  return (
    <li className={styles.card} data-testid="copy" data-id={c.id} data-state={c.state}>
      <div className={styles.cardHead}>
        <span className={styles.cardTitle}>
          <strong>
            <span className={c.type === 1 ? styles.up : styles.down}>
              {i18n._(SIDE_LABELS[c.type])}
              {p ? ` · ${p.multiple}x` : ''}
            </span>{' '}
            {c.symbol}
          </strong>
          <small>
            <Trans>
              Copy of {c.trader_name} · {when}
            </Trans>
          </small>
        </span>
        <span className={c.state === 'open' ? styles.tagOn : styles.tag}>{i18n._(COPY_STATE_LABELS[c.state])}</span>
      </div>
      <dl className={styles.figures}>
        <dt>
          <Trans>Trader's lots / yours</Trans>
        </dt>
        <dd data-testid="copy-lots">
          {c.trader_share} / {c.share}
        </dd>
        {p && (
          <>
            <dt>
              <Trans>Entry price</Trans>
            </dt>
            <dd data-testid="copy-price">{formatNumber(p.price, 2)}</dd>
            <dt>
              <Trans>Margin</Trans>
            </dt>
            <dd>{usdt(p.caution_money)} USDT</dd>
            {closed && (
              <>
                <dt>
                  <Trans>Close price</Trans>
                </dt>
                <dd>{p.close_price ? formatNumber(p.close_price, 2) : '--'}</dd>
              </>
            )}
            <dt>{closed ? <Trans>Realised PnL</Trans> : <Trans>Unrealised PnL</Trans>}</dt>
            <dd className={signClass(p.profits)} data-testid="copy-profit">
              {usdt(p.profits)} USDT
            </dd>
            {p.close_reason && (
              <>
                <dt>
                  <Trans>Closed</Trans>
                </dt>
                <dd>{i18n._(CLOSE_REASON_LABELS[p.close_reason])}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {c.skip_reason && (
        <p className={styles.skip} data-testid="skip-reason">
          <Trans>Skipped: {i18n._(SKIP_REASON_LABELS[c.skip_reason])}</Trans>
        </p>
      )}
      {c.state === 'self_holding' && (
        <p className={styles.hint} style={{ marginTop: 8 }}>
          <Trans>Now your own futures position: manage it under futures positions.</Trans>
        </p>
      )}
      {onSelfHold && (
        <div className={styles.actions}>
          <Button size="small" disabled={disabled} onClick={() => onSelfHold(c)}>
            <Trans>Convert to self-holding</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}
