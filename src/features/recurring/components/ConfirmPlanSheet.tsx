import { Trans, useLingui } from '@lingui/react/macro';
import type { RecurringConfig, RecurringPair } from '@contract/recurring';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { formatDateTime, formatMoney, formatPercent } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { scheduleOfForm, upcomingRuns, type PlanForm } from '../model/schedule';
import { useScheduleText } from './schedule';
import styles from './recurring.module.css';

interface ConfirmPlanSheetProps {
  form: PlanForm | null;
  pair: RecurringPair | undefined;
  config: RecurringConfig;
  /** When the sheet opened: the runs listed are the next ones after it. */
  now: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** What the plan will do, when, and every fee, before it is created. */
export function ConfirmPlanSheet({ form, pair, config, now, busy, onConfirm, onClose }: ConfirmPlanSheetProps) {
  const { t } = useLingui();
  const scheduleText = useScheduleText();
  const locale = activeBcp47();
  const schedule = form ? scheduleOfForm(form) : null;
  const runs = schedule ? upcomingRuns(schedule, now, 3) : [];
  const quote = pair?.quote ?? 'USDT';
  return (
    <ConfirmSheet
      open={form !== null && pair !== undefined}
      title={t`Confirm recurring buy`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmTestId="confirm-recurring"
    >
      {form && pair && schedule && (
        <>
          <dl className={confirm.confirmList}>
            <dt>
              <Trans>Buy</Trans>
            </dt>
            <dd>{pair.symbol}</dd>
            <dt>
              <Trans>Each run spends</Trans>
            </dt>
            <dd data-testid="confirm-amount">
              {formatMoney(form.amount, quote)} {quote}
            </dd>
            <dt>
              <Trans>Schedule</Trans>
            </dt>
            <dd>{scheduleText(schedule, now)}</dd>
            <dt>
              <Trans>Next runs</Trans>
            </dt>
            <dd data-testid="confirm-runs">
              {runs.map((at) => (
                <div key={at}>{formatDateTime(at, locale)}</div>
              ))}
            </dd>
            <dt>
              <Trans>Slippage limit</Trans>
            </dt>
            <dd>{form.slippage}%</dd>
            <dt>
              <Trans>Trading fee</Trans>
            </dt>
            <dd data-testid="confirm-fee">{formatPercent(pair.fee_rate, { signed: false, decimals: 2 })}</dd>
            <dt>
              <Trans>Plan fee</Trans>
            </dt>
            <dd>
              {formatMoney(config.plan_fee, quote)} {quote}
            </dd>
          </dl>
          <p className={styles.rule}>
            <Trans>
              At each run, {form.amount} {quote} is spent from your exchange account on a market buy of {pair.base} at
              the best prices on the order book. If the average price would be more than {form.slippage}% above the last
              price, or your exchange account has less than the amount, nothing is bought that time and you are
              notified. A run missed while the service was down is made up once at most. You can pause or delete the
              plan at any time; what it bought stays in your account.
            </Trans>
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
