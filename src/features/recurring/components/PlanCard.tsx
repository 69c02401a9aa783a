import { Trans, useLingui } from '@lingui/react/macro';
import type { RecurringPlan } from '@contract/recurring';
import { formatDateTime, formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useScheduleText } from './schedule';
import styles from './recurring.module.css';

/** One plan: pair, amount, schedule, next run in local time, status and average cost. */
export function PlanCard({ plan, onOpen }: { plan: RecurringPlan; onOpen?: () => void }) {
  const { t } = useLingui();
  const scheduleText = useScheduleText();
  const locale = activeBcp47();
  const body = (
    <>
      <div className={styles.cardHead}>
        <h3>{plan.symbol}</h3>
        <span className={`${styles.status} ${plan.status === 'paused' ? styles.paused : ''}`} data-testid="plan-status">
          {plan.status === 'paused' ? t`Paused` : t`Active`}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Each run</Trans>
        </dt>
        <dd>
          {formatMoney(plan.amount, plan.quote)} {plan.quote}
        </dd>
        <dt>
          <Trans>Schedule</Trans>
        </dt>
        <dd>{scheduleText(plan)}</dd>
        <dt>
          <Trans>Next run</Trans>
        </dt>
        <dd data-testid="plan-next-run">
          {plan.next_run_at === null ? t`Paused` : formatDateTime(plan.next_run_at, locale)}
        </dd>
        <dt>
          <Trans>Average cost</Trans>
        </dt>
        <dd>{plan.average_cost === null ? '--' : `${formatMoney(plan.average_cost, plan.quote)} ${plan.quote}`}</dd>
      </dl>
    </>
  );
  return onOpen ? (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="plan-card">
      {body}
    </button>
  ) : (
    <div className={styles.card} data-testid="plan-summary">
      {body}
    </div>
  );
}
