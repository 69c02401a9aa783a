import { describe, expect, it } from 'vitest';
import { formProblem, localTimeOfUtcHour, scheduleOfForm, upcomingRuns, weekdayName } from './schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const limits = { min_amount: '5', max_amount: '100000', max_slippage: '50' };
const form = {
  pair: 'BTC/USDT',
  amount: '100',
  period: 'daily' as const,
  weekday: 1,
  monthDay: 1,
  hour: 2,
  slippage: '1',
};

describe('recurring schedule on the screens', () => {
  it('lists the next runs exactly as the server schedules them', () => {
    const now = Date.UTC(2030, 0, 31, 3);
    expect(upcomingRuns({ period: 'daily', weekday: null, month_day: null, hour: 2 }, now, 2)).toEqual([
      Date.UTC(2030, 1, 1, 2),
      Date.UTC(2030, 1, 1, 2) + DAY,
    ]);
    // 2030-01-31 is a Thursday; the next Monday is February 4.
    expect(upcomingRuns({ period: 'weekly', weekday: 1, month_day: null, hour: 9 }, now, 1)).toEqual([
      Date.UTC(2030, 1, 4, 9),
    ]);
    expect(upcomingRuns({ period: 'monthly', weekday: null, month_day: 28, hour: 0 }, now, 2)).toEqual([
      Date.UTC(2030, 1, 28),
      Date.UTC(2030, 2, 28),
    ]);
  });

  it('shows a UTC hour in the local time zone and weekdays by name', () => {
    const now = Date.UTC(2030, 5, 1);
    expect(localTimeOfUtcHour(4, now, 'en-GB', 'Asia/Kolkata')).toBe('09:30');
    expect(localTimeOfUtcHour(4, now, 'en-GB', 'UTC')).toBe('04:00');
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(6, 'fr')).toBe('samedi');
  });

  it('checks the amount and slippage against the limits and keeps only the day the period needs', () => {
    expect(formProblem(form, limits)).toBeNull();
    expect(formProblem({ ...form, amount: 'x' }, limits)).toBe('amount');
    expect(formProblem({ ...form, amount: '4.9' }, limits)).toBe('amount_min');
    expect(formProblem({ ...form, amount: '100001' }, limits)).toBe('amount_max');
    expect(formProblem({ ...form, slippage: '0' }, limits)).toBe('slippage');
    expect(formProblem({ ...form, slippage: '51' }, limits)).toBe('slippage');
    expect(scheduleOfForm(form)).toEqual({ period: 'daily', weekday: null, month_day: null, hour: 2 });
    expect(scheduleOfForm({ ...form, period: 'weekly' })).toMatchObject({ weekday: 1, month_day: null });
    expect(scheduleOfForm({ ...form, period: 'monthly' })).toMatchObject({ weekday: null, month_day: 1 });
  });
});
