import type { Job } from '../../scheduler/index';
import { payPeriod } from './payout';

/**
 * The hourly rebate payout: each finished hour once, oldest first after downtime (`each`), so
 * every recorded fee is rebated exactly once. The scheduler records the hour in the job's own
 * transaction (and keeps a second process out with an advisory lock), and the records' unique
 * key refuses a second payment of a period whatever runs it.
 */
export function rebateJob(now: () => Date): Job {
  return {
    name: 'invite.rebates',
    every: 'hour',
    catchUp: 'each',
    run: async (tx, period) => {
      await payPeriod(tx, period, now());
    },
  };
}
