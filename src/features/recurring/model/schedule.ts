import { nextRunAfter, type Schedule } from '@contract/recurring';

/** The next `n` run times of a schedule after `now` (epoch ms), as the server will run them. */
export function upcomingRuns(schedule: Schedule, now: number, n: number): number[] {
  const runs: number[] = [];
  let after = now;
  for (let i = 0; i < n; i++) {
    after = nextRunAfter(schedule, after);
    runs.push(after);
  }
  return runs;
}

/**
 * A UTC hour as the user's clock shows it today ("09:30" in India for 04:00 UTC): plans run at
 * whole UTC hours, and the form offers them in local time.
 */
export function localTimeOfUtcHour(hour: number, now: number, locale: string, timeZone?: string): string {
  const d = new Date(now);
  const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour);
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
}

/** A weekday's name (0 Sunday .. 6 Saturday) in the locale. */
export function weekdayName(weekday: number, locale: string): string {
  // 2024-01-07 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + weekday));
}

/** What the user's form holds, before it is a request. */
export interface PlanForm {
  pair: string;
  amount: string;
  period: Schedule['period'];
  weekday: number;
  monthDay: number;
  hour: number;
  slippage: string;
}

const DECIMAL = /^\d+(\.\d{1,10})?$/;

/** Which field of the form is wrong against the plan limits, or null. */
export function formProblem(
  f: PlanForm,
  limits: { min_amount: string; max_amount: string; max_slippage: string },
): 'amount' | 'amount_min' | 'amount_max' | 'slippage' | null {
  if (!DECIMAL.test(f.amount.trim())) return 'amount';
  const amount = Number(f.amount);
  if (amount < Number(limits.min_amount)) return 'amount_min';
  if (amount > Number(limits.max_amount)) return 'amount_max';
  const slip = f.slippage.trim();
  if (!DECIMAL.test(slip) || Number(slip) <= 0 || Number(slip) > Number(limits.max_slippage)) return 'slippage';
  return null;
}

/** The schedule of a form, as the contract reads it. */
export const scheduleOfForm = (f: PlanForm): Schedule => ({
  period: f.period,
  weekday: f.period === 'weekly' ? f.weekday : null,
  month_day: f.period === 'monthly' ? f.monthDay : null,
  hour: f.hour,
});
