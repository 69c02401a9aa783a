import { Trans, useLingui } from '@lingui/react/macro';
import type { IeoOrder } from '@contract/ieo';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { ORDER_STATUS_LABELS } from '../model/labels';
import styles from './ieo.module.css';

const TONE = { applied: 'warmup', allocated: 'progress', refunded: 'ended', credited: 'progress' } as const;

/** One subscription: applied and passed quantities, payment held, paid and refunded, the coins' credit. */
export function OrderCard({ order: o }: { order: IeoOrder }) {
  const { i18n } = useLingui();
  const locale = activeBcp47();
  return (
    <li className={styles.card} data-testid={`ieo-order-${o.id}`}>
      <div className={styles.cardHead}>
        <div className={styles.title}>
          <strong>{o.project_name}</strong>
          <span>{formatDateTime(o.created_at, locale)}</span>
        </div>
        <span className={`${styles.tag} ${styles[TONE[o.status]]}`} data-testid="ieo-order-status">
          {i18n._(ORDER_STATUS_LABELS[o.status])}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Applied</Trans>
        </dt>
        <dd data-testid="ieo-order-applied">
          {o.amount} {o.coin_name}
        </dd>
        <dt>
          <Trans>Issue price</Trans>
        </dt>
        <dd>
          {o.price} {o.pay_currency_name}
        </dd>
        <dt>{o.status === 'applied' ? <Trans>Payment held</Trans> : <Trans>Payment</Trans>}</dt>
        <dd data-testid="ieo-order-pay">
          {o.pay} {o.pay_currency_name}
        </dd>
        <dt>
          <Trans>Passed</Trans>
        </dt>
        <dd data-testid="ieo-order-passed">
          {o.passed === null ? <Trans>after {formatDateTime(o.end_at, locale)}</Trans> : `${o.passed} ${o.coin_name}`}
        </dd>
        {o.paid !== null && (
          <>
            <dt>
              <Trans>Paid</Trans>
            </dt>
            <dd>
              {o.paid} {o.pay_currency_name}
            </dd>
            <dt>
              <Trans>Refunded</Trans>
            </dt>
            <dd data-testid="ieo-order-refund">
              {o.refund} {o.pay_currency_name}
            </dd>
          </>
        )}
        {o.status !== 'refunded' && (
          <>
            <dt>{o.credited_at === null ? <Trans>Coins credited at</Trans> : <Trans>Coins credited</Trans>}</dt>
            <dd>{formatDateTime(o.credited_at ?? o.credit_at, locale)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
