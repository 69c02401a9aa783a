import { Trans, useLingui } from '@lingui/react/macro';
import { settlementRef } from '@contract/record';
import { VerifyLink } from '@/components/VerifyLink';
import { formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { elapsedShare, formatCountdown, remainingAt } from '../model/countdown';
import { DIRECTION_LABELS, RESULT_LABELS } from '../model/labels';
import { directionOf, type StoredOrder } from '../model/orders';
import { settledAgo } from '../model/timeAgo';
import { OrderFacts } from './OrderFacts';
import styles from './seconds.module.css';

interface OrderCardProps {
  row: StoredOrder;
  /** The screen's clock (ticks every second for holding orders). */
  now: number;
  decimals: number;
  /** The pair's live price (the trading screen passes it for its pair). */
  live?: string;
}

/** A holding order with its live countdown, or a settled one with its result and when. */
export function OrderCard({ row, now, decimals, live }: OrderCardProps) {
  const { t, i18n } = useLingui();
  const { order } = row;
  const direction = directionOf(order);
  const holding = order.status === 'holding';
  const left = remainingAt({ remainingMs: order.remaining_ms, receivedAt: row.savedAt }, now);
  const profit = order.profit;
  const sign = profit && !profit.startsWith('-') && profit !== '0' ? '+' : '';
  const resultColor =
    order.result === 'win' ? 'var(--app-up)' : order.result === 'loss' ? 'var(--app-down)' : 'var(--app-text)';
  return (
    <li className={styles.card} data-testid="micro-order" data-status={order.status} data-result={order.result ?? ''}>
      <div className={styles.cardHead}>
        <span className={direction === 'up' ? styles.up : styles.down}>{i18n._(DIRECTION_LABELS[direction])}</span>
        <strong>{order.symbol}</strong>
        <span className={styles.muted}>{t`${order.seconds} s`}</span>
        {holding ? (
          <span className={styles.countdown} data-testid="countdown" aria-live="off">
            {left > 0 ? formatCountdown(left) : <Trans>Settling…</Trans>}
          </span>
        ) : (
          <span className={styles.result} style={{ color: resultColor }} data-testid="result">
            {order.result && i18n._(RESULT_LABELS[order.result])}
            {(order.result === 'win' || order.result === 'loss') && profit !== null && (
              <>
                {' '}
                {sign}
                {formatMoney(profit, order.currency_name)}
              </>
            )}
          </span>
        )}
      </div>
      {holding && (
        <div className={styles.progress} aria-hidden="true">
          <span style={{ width: `${elapsedShare(left, order.seconds) * 100}%` }} />
        </div>
      )}
      <OrderFacts
        order={order}
        decimals={decimals}
        live={live}
        ago={order.settled_at !== null ? settledAgo(order.settled_at, now, activeBcp47()) : undefined}
      />
      {order.status === 'settled' && <VerifyLink settlement={settlementRef.seconds(order.id)} />}
    </li>
  );
}
