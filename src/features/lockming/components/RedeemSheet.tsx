import { Trans, useLingui } from '@lingui/react/macro';
import type { LockOrder } from '@contract/lockming';
import { formatMoney } from '@/lib/format';
import { earlyRedemption, ratePercent } from '../model/terms';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import styles from './lockming.module.css';

interface RedeemSheetProps {
  order: LockOrder | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The penalty and the refund of an early redemption, before it is sent. */
export function RedeemSheet({ order: o, busy, onConfirm, onClose }: RedeemSheetProps) {
  const { t } = useLingui();
  // The server's figures at the list's reply; the same arithmetic if it sent none.
  const early = o
    ? o.penalty_now !== null && o.refund_now !== null
      ? { penalty: o.penalty_now, refund: o.refund_now }
      : earlyRedemption(o.amount, o.penalty_rate, o.remaining_days)
    : null;
  return (
    <ConfirmSheet
      open={o !== null && early !== null}
      title={t`Redeem early`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmLabel={<Trans>Redeem</Trans>}
      danger
      confirmTestId="confirm-redeem"
    >
      {o && early && (
        <>
          <dl className={confirm.confirmList}>
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd>
              {formatMoney(o.amount, o.currency_name)} {o.currency_name}
            </dd>
            <dt>
              <Trans>Remaining days</Trans>
            </dt>
            <dd data-testid="redeem-days">{o.remaining_days}</dd>
            <dt>
              <Trans>Penalty ratio</Trans>
            </dt>
            <dd>{t`${ratePercent(o.penalty_rate)} per remaining day`}</dd>
            <dt>
              <Trans>Penalty</Trans>
            </dt>
            <dd className={styles.penalty} data-testid="redeem-penalty">
              {formatMoney(early.penalty, o.currency_name)} {o.currency_name}
            </dd>
            <dt>
              <Trans>Refund</Trans>
            </dt>
            <dd data-testid="redeem-refund">
              {formatMoney(early.refund, o.currency_name)} {o.currency_name}
            </dd>
            <dt>
              <Trans>Interest kept</Trans>
            </dt>
            <dd>
              {formatMoney(o.interest, o.currency_name)} {o.currency_name}
            </dd>
          </dl>
          <p className={styles.rule}>
            <Trans>
              Penalty = penalty ratio x remaining days x amount, taken from the principal. Interest already paid is
              kept; today&apos;s interest is not paid. The refund goes to your exchange account at once.
            </Trans>
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
