import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LockOrder } from '@contract/lockming';
import { settlementRef } from '@contract/record';
import { VerifyLink } from '@/components/VerifyLink';
import { formatDateTime, formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { ratePercent } from '../model/terms';
import styles from './lockming.module.css';

/** One order: amount, accrued interest, days, dates; redeemed ones with how they ended. */
export function OrderCard({ order: o, onRedeem }: { order: LockOrder; onRedeem?: () => void }) {
  const { t } = useLingui();
  const locale = activeBcp47();
  const c = o.currency_name;
  return (
    <li className={styles.card} data-testid={`lock-order-${o.id}`}>
      <div className={styles.cardHead}>
        <h3>{o.name}</h3>
        <span>
          {formatMoney(o.amount, c)} {c}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Daily yield</Trans>
        </dt>
        <dd>
          {ratePercent(o.min_rate)} - {ratePercent(o.max_rate)}
        </dd>
        <dt>
          <Trans>Interest paid</Trans>
        </dt>
        <dd data-testid="order-interest">
          {formatMoney(o.interest, c)} {c}
        </dd>
        <dt>
          <Trans>Days paid</Trans>
        </dt>
        <dd>{`${o.paid_days} / ${o.days}`}</dd>
        <dt>
          <Trans>Expected interest</Trans>
        </dt>
        <dd>
          {formatMoney(o.expected_min, c)} - {formatMoney(o.expected_max, c)} {c}
        </dd>
        <dt>
          <Trans>Locked at</Trans>
        </dt>
        <dd>{formatDateTime(o.created_at, locale)}</dd>
        <dt>
          <Trans>End date</Trans>
        </dt>
        <dd>{formatDateTime(o.end_at, locale)}</dd>
        {o.status === 'in_progress' ? (
          <>
            <dt>
              <Trans>Remaining days</Trans>
            </dt>
            <dd>{o.remaining_days}</dd>
          </>
        ) : (
          <>
            <dt>
              <Trans>Ended</Trans>
            </dt>
            <dd data-testid="order-ended">
              {o.redeem_kind === 'early' ? t`Redeemed early` : t`Matured`}
              {o.redeemed_at !== null && ` · ${formatDateTime(o.redeemed_at, locale)}`}
            </dd>
            <dt>
              <Trans>Penalty</Trans>
            </dt>
            <dd className={styles.penalty} data-testid="order-penalty">
              {formatMoney(o.penalty ?? '0', c)} {c}
            </dd>
            <dt>
              <Trans>Principal returned</Trans>
            </dt>
            <dd data-testid="order-refund">
              {formatMoney(o.refund ?? '0', c)} {c}
            </dd>
          </>
        )}
      </dl>
      {(o.paid_days > 0 || o.status !== 'in_progress') && <VerifyLink settlement={settlementRef.lockMining(o.id)} />}
      {onRedeem && (
        <Button block size="small" onClick={onRedeem} data-testid="redeem-early">
          <Trans>Redeem early</Trans>
        </Button>
      )}
    </li>
  );
}
