import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { LockProduct } from '@contract/lockming';
import { formatDateTime, formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { expectedRange, lockDates, ratePercent } from '../model/terms';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import styles from './lockming.module.css';

interface DepositSheetProps {
  product: LockProduct;
  amount: string | null;
  now: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Everything about a deposit before the principal is held: amount, days, range, dates and the rules. */
export function DepositSheet({ product: p, amount, now, busy, onConfirm, onClose }: DepositSheetProps) {
  const { t } = useLingui();
  const expected = amount ? expectedRange(amount, p.min_rate, p.max_rate, p.days) : null;
  const dates = lockDates(now, p.days);
  const locale = activeBcp47();
  return (
    <ConfirmSheet
      open={amount !== null}
      title={t`Confirm lock`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmTestId="confirm-lock"
    >
      <dl className={confirm.confirmList}>
        <dt>
          <Trans>Product</Trans>
        </dt>
        <dd>{p.name}</dd>
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd data-testid="confirm-amount">
          {formatMoney(amount, p.currency_name)} {p.currency_name}
        </dd>
        <dt>
          <Trans>Lock days</Trans>
        </dt>
        <dd>
          <Plural value={p.days} one="# day" other="# days" />
        </dd>
        <dt>
          <Trans>Daily yield</Trans>
        </dt>
        <dd>
          {ratePercent(p.min_rate)} - {ratePercent(p.max_rate)}
        </dd>
        <dt>
          <Trans>Expected interest</Trans>
        </dt>
        <dd data-testid="confirm-expected">
          {expected
            ? `${formatMoney(expected.min, p.currency_name)} - ${formatMoney(expected.max, p.currency_name)} ${p.currency_name}`
            : '--'}
        </dd>
        <dt>
          <Trans>Interest from</Trans>
        </dt>
        <dd>{formatDateTime(dates.startAt, locale)}</dd>
        <dt>
          <Trans>Principal back</Trans>
        </dt>
        <dd>{formatDateTime(dates.endAt, locale)}</dd>
      </dl>
      <p className={styles.rule}>
        <Trans>
          The amount is held in your exchange account until the end date. Interest is paid to your exchange account each
          day after the day ends, at that day&apos;s published rate. Redeeming early costs {ratePercent(p.penalty_rate)}{' '}
          of the amount per remaining day, taken from the principal; interest already paid is kept.
        </Trans>
      </p>
    </ConfirmSheet>
  );
}
