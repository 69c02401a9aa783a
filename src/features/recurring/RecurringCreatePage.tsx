import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_MONTH_DAY, RECURRING_PERIODS, WEEKDAYS, nextRunAfter } from '@contract/recurring';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { ConfirmPlanSheet } from './components/ConfirmPlanSheet';
import { formProblem, localTimeOfUtcHour, scheduleOfForm, weekdayName, type PlanForm } from './model/schedule';
import { useCreatePlan } from './state/actions';
import { useRecurringConfig } from './state/plans';
import styles from './components/recurring.module.css';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MONTH_DAYS = Array.from({ length: MAX_MONTH_DAY }, (_, i) => i + 1);

/** `recurring/create`: pair, amount, period, hour and slippage limit, then the confirmation sheet. */
export function RecurringCreatePage() {
  const { t } = useLingui();
  const go = useGo();
  const config = useRecurringConfig();
  // When the page opened: the hour offered first and the times shown are of that moment.
  const [now] = useState(() => Date.now());
  const [form, setForm] = useState<PlanForm>(() => ({
    pair: '',
    amount: '',
    period: 'daily',
    weekday: 1,
    monthDay: 1,
    hour: new Date(now).getUTCHours(),
    slippage: '',
  }));
  // The form being confirmed and when the sheet opened (its run times are of that moment).
  const [pending, setPending] = useState<{ form: PlanForm; at: number } | null>(null);
  const create = useCreatePlan((plan) => {
    setPending(null);
    go({ to: pages.recurring.detail, search: { id: plan.id } }, { replace: true });
  });

  if (!config.value) return <NoConfig loading={config.value === undefined || !config.failed} retry={config.refresh} />;
  const c = config.value;
  const filled = {
    ...form,
    pair: form.pair || (c.pairs[0]?.symbol ?? ''),
    slippage: form.slippage || c.default_slippage,
  };
  const pair = c.pairs.find((p) => p.symbol === filled.pair);
  const problem = form.amount.trim() === '' ? null : formProblem(filled, c);
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <div className={styles.page}>
      <NavBar title={t`New recurring buy`} />
      <div className={styles.form}>
        <label className={styles.field}>
          <span className={styles.label}>
            <Trans>Coin to buy</Trans>
          </span>
          <select
            className={styles.select}
            value={filled.pair}
            onChange={(e) => set('pair', e.target.value)}
            data-testid="recurring-pair"
          >
            {c.pairs.map((p) => (
              <option key={p.symbol} value={p.symbol}>
                {p.symbol}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.label}>
            <Trans>Amount each run</Trans>
          </span>
          <span className={styles.inputRow}>
            <Input
              value={form.amount}
              onChange={(v) => set('amount', v)}
              inputMode="decimal"
              placeholder={t`At least ${c.min_amount}`}
              aria-label={t`Amount each run`}
              data-testid="recurring-amount"
            />
            <span>{pair?.quote ?? 'USDT'}</span>
          </span>
          {problem === 'amount' && <span className={styles.problem}>{t`Enter a valid amount`}</span>}
          {problem === 'amount_min' && (
            <span className={styles.problem}>{t`The least is ${c.min_amount} ${pair?.quote ?? 'USDT'}`}</span>
          )}
          {problem === 'amount_max' && (
            <span className={styles.problem}>{t`The most is ${c.max_amount} ${pair?.quote ?? 'USDT'}`}</span>
          )}
        </label>
        <ScheduleFields form={filled} now={now} onChange={set} />
        <label className={styles.field}>
          <span className={styles.label}>
            <Trans>Slippage limit</Trans>
          </span>
          <span className={styles.inputRow}>
            <Input
              value={form.slippage}
              onChange={(v) => set('slippage', v)}
              inputMode="decimal"
              placeholder={c.default_slippage}
              aria-label={t`Slippage limit`}
              data-testid="recurring-slippage"
            />
            <span>%</span>
          </span>
          {problem === 'slippage' && (
            <span className={styles.problem}>{t`Enter a limit above 0% and at most ${c.max_slippage}%`}</span>
          )}
        </label>
        <Button
          block
          color="primary"
          size="large"
          disabled={form.amount.trim() === '' || problem !== null || !pair}
          onClick={() => setPending({ form: filled, at: Date.now() })}
          data-testid="recurring-submit"
        >
          <Trans>Review</Trans>
        </Button>
      </div>
      <ConfirmPlanSheet
        form={pending?.form ?? null}
        pair={pair}
        config={c}
        now={pending?.at ?? 0}
        busy={create.busy}
        onConfirm={() => pending !== null && pair && create.submit(pending.form, pair)}
        onClose={() => setPending(null)}
      />
    </div>
  );
}

/** Period, weekday or day of month, and the hour offered in local time, with the first run it gives. */
function ScheduleFields({
  form,
  now,
  onChange: set,
}: {
  form: PlanForm;
  now: number;
  onChange: <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => void;
}) {
  const { t } = useLingui();
  const locale = activeBcp47();
  const firstRun = nextRunAfter(scheduleOfForm(form), now);
  const periodLabel = { daily: t`Every day`, weekly: t`Every week`, monthly: t`Every month` };
  return (
    <>
      <label className={styles.field}>
        <span className={styles.label}>
          <Trans>How often</Trans>
        </span>
        <select
          className={styles.select}
          value={form.period}
          onChange={(e) => set('period', e.target.value as PlanForm['period'])}
          data-testid="recurring-period"
        >
          {RECURRING_PERIODS.map((p) => (
            <option key={p} value={p}>
              {periodLabel[p]}
            </option>
          ))}
        </select>
      </label>
      {form.period === 'weekly' && (
        <label className={styles.field}>
          <span className={styles.label}>
            <Trans>Weekday (UTC)</Trans>
          </span>
          <select
            className={styles.select}
            value={form.weekday}
            onChange={(e) => set('weekday', Number(e.target.value))}
            data-testid="recurring-weekday"
          >
            {WEEKDAYS.map((d) => (
              <option key={d} value={d}>
                {weekdayName(d, locale)}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.period === 'monthly' && (
        <label className={styles.field}>
          <span className={styles.label}>
            <Trans>Day of the month (UTC)</Trans>
          </span>
          <select
            className={styles.select}
            value={form.monthDay}
            onChange={(e) => set('monthDay', Number(e.target.value))}
            data-testid="recurring-month-day"
          >
            {MONTH_DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={styles.field}>
        <span className={styles.label}>
          <Trans>Time (your local time)</Trans>
        </span>
        <select
          className={styles.select}
          value={form.hour}
          onChange={(e) => set('hour', Number(e.target.value))}
          data-testid="recurring-hour"
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {localTimeOfUtcHour(h, now, locale)}
            </option>
          ))}
        </select>
        <span className={styles.hint} data-testid="recurring-first-run">
          {t`First run: ${formatDateTime(firstRun, locale)}`}
        </span>
      </label>
    </>
  );
}

/** While the pairs load, or when they could not be loaded. */
function NoConfig({ loading, retry }: { loading: boolean; retry: () => Promise<void> }) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <NavBar title={t`New recurring buy`} />
      {loading ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : (
        <ErrorBlock status="disconnected" title={t`The pairs could not be loaded`} description="">
          <Button onClick={() => void retry()}>
            <Trans>Try again</Trans>
          </Button>
        </ErrorBlock>
      )}
    </div>
  );
}
