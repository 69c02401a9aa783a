import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CouponOffer, UserCoupon } from '@contract/coupon';
import { formatDateTime, formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { hasMinimum, percentOff } from '../model/coupon';
import styles from './coupons.module.css';

type Terms = Pick<
  CouponOffer | UserCoupon,
  'kind' | 'rate' | 'cap' | 'bonus' | 'min_amount' | 'currency_name' | 'expires_at'
>;

/** A coupon as a ticket: its value on the left, what it does, its conditions and expiry on the right. */
export function CouponCard({
  coupon: c,
  state,
  left,
  usedAt,
  saved,
  children,
}: {
  coupon: Terms;
  state: 'offer' | 'available' | 'used' | 'expired';
  left?: number;
  usedAt?: number | null;
  saved?: string | null;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const locale = activeBcp47();
  const fee = c.kind === 'futures_fee';
  const currency = c.currency_name;
  const amount = (v: string) => formatMoney(v, currency);
  const until = formatDateTime(c.expires_at, locale);
  const cap = amount(c.cap);
  const min = amount(c.min_amount);
  const percent = percentOff(c.rate);
  const bonus = amount(c.bonus);
  const when = usedAt ? formatDateTime(usedAt, locale) : '';
  const savedAmount = saved ? amount(saved) : '';
  return (
    <li className={`${styles.ticket} ${state === 'used' || state === 'expired' ? styles.spent : ''}`}>
      <div className={styles.value}>
        {fee ? (
          <>
            <strong>{percent}%</strong>
            <span>
              <Trans>off</Trans>
            </span>
          </>
        ) : (
          <>
            <strong>+{bonus}</strong>
            <span>{currency}</span>
          </>
        )}
      </div>
      <div className={styles.body}>
        <strong className={styles.name}>{fee ? t`Futures opening fee discount` : t`Recharge bonus`}</strong>
        <span className={styles.line}>
          {fee
            ? t`${percent}% off the opening fee of a market order, up to ${cap} ${currency}`
            : t`${bonus} ${currency} added when a recharge is approved`}
        </span>
        {hasMinimum(c) && (
          <span className={styles.line}>
            {fee ? t`Positions worth at least ${min} ${currency}` : t`Recharges of at least ${min} ${currency}`}
          </span>
        )}
        {state === 'used' && usedAt ? (
          <span className={styles.line}>
            {!saved
              ? t`Used ${when}`
              : fee
                ? t`Used ${when}, saved ${savedAmount} ${currency}`
                : t`Used ${when}, paid ${savedAmount} ${currency}`}
          </span>
        ) : (
          <span className={styles.muted}>
            {state === 'expired' ? t`Expired ${until}` : t`Valid until ${until}`}
            {left !== undefined && <> · {t`${left} left`}</>}
          </span>
        )}
        {children && <div className={styles.actions}>{children}</div>}
      </div>
    </li>
  );
}
