import { Button, Dialog, DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RecurringPlan, RecurringRun, SkipReason } from '@contract/recurring';
import { OfflineAsOf } from '@/components/ListEnd';
import { NavBar } from '@/components/NavBar';
import { Refresh } from '@/components/Refresh';
import { formatDateTime, formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { PlanCard } from './components/PlanCard';
import { usePlanAction } from './state/actions';
import { usePlanDetail } from './state/plans';
import styles from './components/recurring.module.css';

/** `recurring/detail?id=`: the plan, its totals and average cost, its runs; pause, resume, delete. */
export function RecurringDetailPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const go = useGo();
  const detail = usePlanDetail(id);
  const action = usePlanAction((done) => {
    if (done === 'delete') go(pages.recurring.index, { replace: true });
    else void detail.refresh();
  });
  const skipText: Record<SkipReason, string> = {
    insufficient_balance: t`Not enough funds in the exchange account`,
    slippage_exceeded: t`The price was beyond the slippage limit`,
    no_price: t`No live price`,
    no_liquidity: t`Nothing to buy on the order book`,
    rejected: t`The order was not accepted`,
  };

  const frame = (content: React.ReactNode) => (
    <div className={styles.page}>
      <NavBar title={t`Recurring buy`} />
      {content}
    </div>
  );
  if (detail.value === undefined || (detail.value === null && !detail.failed)) {
    return frame(
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>,
    );
  }
  if (detail.value === null) {
    return frame(
      <ErrorBlock status="disconnected" title={t`This plan could not be loaded`} description="">
        <Button onClick={() => go(pages.recurring.index)}>
          <Trans>See your plans</Trans>
        </Button>
      </ErrorBlock>,
    );
  }
  const { plan, runs } = detail.value;
  const locale = activeBcp47();
  const askDelete = () =>
    void Dialog.confirm({
      title: t`Delete this plan?`,
      content: t`It will not run again. What it bought stays in your exchange account.`,
      confirmText: t`Delete`,
      cancelText: t`Keep`,
      onConfirm: () => action.submit('delete', plan.id),
    });
  const runLine = (r: RecurringRun) => {
    if (r.status === 'done') {
      return t`Spent ${formatMoney(r.spent, plan.quote)} ${plan.quote}, got ${r.got} ${plan.base} at ${formatMoney(r.price, plan.quote)}`;
    }
    if (r.status === 'skipped') return t`Skipped: ${skipText[r.reason ?? 'rejected']}`;
    return t`Buying…`;
  };
  return frame(
    <Refresh onRefresh={() => detail.refresh()}>
      <OfflineAsOf savedAt={detail.savedAt} show={detail.failed} />
      <div className={styles.cards}>
        <PlanCard plan={plan} />
        <PlanTotals plan={plan} />
      </div>
      <div className={styles.actions}>
        {plan.status === 'active' ? (
          <Button loading={action.busy} onClick={() => action.submit('pause', plan.id)} data-testid="plan-pause">
            <Trans>Pause</Trans>
          </Button>
        ) : (
          <Button
            color="primary"
            loading={action.busy}
            onClick={() => action.submit('resume', plan.id)}
            data-testid="plan-resume"
          >
            <Trans>Resume</Trans>
          </Button>
        )}
        <Button color="danger" fill="outline" onClick={askDelete} data-testid="plan-delete">
          <Trans>Delete</Trans>
        </Button>
      </div>
      <h2 className={styles.sectionTitle}>
        <Trans>Run history</Trans>
      </h2>
      {runs.data.length === 0 ? (
        <ErrorBlock status="empty" title={t`No runs yet`} description="" />
      ) : (
        <ul className={styles.cards} data-testid="plan-runs">
          {runs.data.map((r) => (
            <li key={r.id} className={`${styles.run} ${r.status === 'skipped' ? styles.skipped : ''}`}>
              <div className={styles.hint}>{formatDateTime(r.period_at, locale)}</div>
              <div>{runLine(r)}</div>
            </li>
          ))}
        </ul>
      )}
    </Refresh>,
  );
}

/** What the plan has spent and bought so far, and how its runs went. */
function PlanTotals({ plan }: { plan: RecurringPlan }) {
  return (
    <dl className={`${styles.card} ${styles.facts}`}>
      <dt>
        <Trans>Total spent</Trans>
      </dt>
      <dd data-testid="plan-total-spent">
        {formatMoney(plan.total_spent, plan.quote)} {plan.quote}
      </dd>
      <dt>
        <Trans>Total bought</Trans>
      </dt>
      <dd>
        {plan.total_got} {plan.base}
      </dd>
      <dt>
        <Trans>Runs done / skipped</Trans>
      </dt>
      <dd>
        {plan.runs_done} / {plan.runs_skipped}
      </dd>
      <dt>
        <Trans>Slippage limit</Trans>
      </dt>
      <dd>{plan.max_slippage}%</dd>
    </dl>
  );
}
