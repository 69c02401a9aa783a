import type { Job } from '../../scheduler/index';
import { products } from './repo';
import { matureDue, payDay, publishDays } from './service';
import { dayOf } from './terms';

/**
 * Lock mining's scheduled work. The scheduler records each period in the job's transaction; the
 * work is also idempotent on its own (rates `ON CONFLICT DO NOTHING`, interest conditional on the
 * paid-through day, maturity conditional on the status), so nothing depends on a job running
 * exactly when its period ends.
 */
/** The names of lock mining's jobs, for a test app that runs only these. */
export const LOCK_JOB_NAMES = ['lock.publish_rates', 'lock.daily_interest', 'lock.mature'] as const;

export function lockJobs(now: () => Date): Job[] {
  return [
    {
      // Runs at 00:00 UTC of day D (the end of D-1) and publishes D+1's rates: a day's rate is
      // always out a whole day before the day starts, however late the run.
      name: LOCK_JOB_NAMES[0],
      every: 'day',
      catchUp: 'latest',
      run: async (tx, period) => {
        await publishDays(tx, await products(tx, true), [dayOf(period.end) + 1], now());
      },
    },
    {
      // Each finished UTC day once; after downtime every missed day in order. Orders also catch up
      // any day still unpaid, so a day is paid even if its period was never run.
      name: LOCK_JOB_NAMES[1],
      every: 'day',
      catchUp: 'each',
      run: async (tx, period) => {
        await payDay(tx, dayOf(period.start), now());
      },
    },
    {
      // Everything due by the minute's end: last interest days and the principal released.
      name: LOCK_JOB_NAMES[2],
      every: 'minute',
      catchUp: 'latest',
      run: async (tx, period) => {
        await matureDue(tx, period.end, now());
      },
    },
  ];
}
