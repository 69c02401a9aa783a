import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NftOrder } from '@contract/nft';
import { settlementRef } from '@contract/record';
import { VerifyLink } from '@/components/VerifyLink';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { clock, remaining } from '../model/countdown';
import { ORDER_LABELS } from '../model/labels';
import styles from './nft.module.css';

/** A won auction: price, margin held, what is left to pay, and the time left to pay it. */
export function OrderCard({ order: o, now, onPay }: { order: NftOrder; now: number; onPay: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeBcp47();
  const left = o.due_at === null ? null : remaining(o.due_at, now);
  const payable = o.state === 'awaiting_payment' && left !== null && !left.done;
  return (
    <li className={styles.card} data-testid={`nft-order-${o.id}`}>
      <div className={styles.row}>
        <span>
          <strong>{o.name}</strong>
          <span className={styles.hint} data-testid="nft-order-state">
            {i18n._(ORDER_LABELS[o.state])}
          </span>
        </span>
        <img className={styles.avatar} src={o.image} alt="" />
      </div>
      <div className={styles.cardBody}>
        <dl className={styles.facts}>
          <dt>
            <Trans>Winning bid</Trans>
          </dt>
          <dd>
            {o.price} {o.currency_name}
          </dd>
          <dt>
            <Trans>Margin held</Trans>
          </dt>
          <dd>
            {o.margin} {o.currency_name}
          </dd>
          <dt>
            <Trans>To pay</Trans>
          </dt>
          <dd className={styles.price} data-testid="nft-order-due">
            {o.amount_due} {o.currency_name}
          </dd>
          {o.due_at !== null && (
            <>
              <dt>
                <Trans>Pay by</Trans>
              </dt>
              <dd>{formatDateTime(o.due_at, locale)}</dd>
            </>
          )}
        </dl>
        {payable && (
          <div className={styles.countdown} role="timer" data-testid="nft-order-countdown">
            <span>
              <Trans>Time left to pay</Trans>
            </span>
            <strong>{clock(left, t`d`)}</strong>
          </div>
        )}
        {o.pay_type === 2 && <VerifyLink settlement={settlementRef.nftAuction(o.sale_id)} />}
        {payable && (
          <Button className={styles.submit} block color="primary" onClick={onPay} data-testid="nft-order-pay">
            <Trans>Pay</Trans>
          </Button>
        )}
      </div>
    </li>
  );
}
