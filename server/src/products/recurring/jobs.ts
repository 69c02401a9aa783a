import type { Job } from '../../scheduler/index';
import { claimDue, runPending, type RunDeps } from './service';

/** The names of recurring buys' jobs, for a test app that runs only these. */
export const RECURRING_JOB_NAMES = ['recurring.buy'] as const;

/**
 * Every minute: the period's transaction claims each plan that came due (its conditional update
 * and pending run commit with the scheduler's record); once committed, `after` places the pending
 * buys through the order service, which commits in its own batches. A buy left pending by a
 * crash or a failed batch is placed again by the next minute's pass, with the same key.
 */
export function recurringJobs(deps: RunDeps): Job[] {
  return [
    {
      name: RECURRING_JOB_NAMES[0],
      every: 'minute',
      catchUp: 'latest',
      run: async (tx) => {
        await claimDue(tx, deps.now());
      },
      after: async () => {
        await runPending(deps);
      },
    },
  ];
}
