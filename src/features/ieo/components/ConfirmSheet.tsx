import { Trans, useLingui } from '@lingui/react/macro';
import type { IeoProject } from '@contract/ieo';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { ConfirmSheet as Sheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { AllocationRule } from './AllocationRule';
import styles from './ieo.module.css';

interface ConfirmSheetProps {
  project: IeoProject;
  /** The quantity to apply for; null hides the sheet. */
  amount: string | null;
  payment: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Everything before money moves: quantity, price, pay currency, payment, the allocation rule, credit time. */
export function ConfirmSheet({ project: p, amount, payment, busy, onConfirm, onClose }: ConfirmSheetProps) {
  const { t } = useLingui();
  const locale = activeBcp47();
  return (
    <Sheet
      open={amount !== null}
      title={t`Confirm subscription`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmTestId="confirm-subscribe"
    >
      <dl className={confirm.confirmList}>
        <dt>
          <Trans>Project</Trans>
        </dt>
        <dd>{p.name}</dd>
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd data-testid="confirm-amount">
          {amount} {p.coin_name}
        </dd>
        <dt>
          <Trans>Issue price</Trans>
        </dt>
        <dd data-testid="confirm-price">
          {p.price} {p.pay_currency_name}
        </dd>
        <dt>
          <Trans>Pay currency</Trans>
        </dt>
        <dd>{p.pay_currency_name}</dd>
        <dt>
          <Trans>Payment held until the end</Trans>
        </dt>
        <dd data-testid="confirm-payment">
          {payment} {p.pay_currency_name}
        </dd>
        <dt>
          <Trans>End time</Trans>
        </dt>
        <dd>{formatDateTime(p.end_at, locale)}</dd>
        <dt>
          <Trans>Coins credited at</Trans>
        </dt>
        <dd>{formatDateTime(p.credit_at, locale)}</dd>
      </dl>
      <p className={styles.rule} data-testid="confirm-rule">
        <AllocationRule coin={p.coin_name} />
      </p>
    </Sheet>
  );
}
