import type { FastifyInstance } from 'fastify';
import type { Job } from '../../scheduler/index';
import { expireDue } from './orders';

/**
 * OTC's scheduled work: every minute, unpaid orders whose payment window ended by the minute's
 * end are cancelled and their escrow released. The scheduler records each minute in the job's
 * transaction, and each cancel is conditional on the order still being unpaid under its row
 * lock, so an order is cancelled exactly once across sweeps, processes and restarts.
 */
export function otcJobs(now: () => Date): Job[] {
  return [
    {
      name: 'otc.expire',
      every: 'minute',
      catchUp: 'latest',
      run: async (tx, period) => {
        await expireDue(tx, period.end, now());
      },
    },
  ];
}

/** Registers OTC's jobs with the app's scheduler (which runs them only in a background role). */
export function startOtc(app: FastifyInstance): void {
  for (const job of otcJobs(app.ctx.now)) app.ctx.scheduler.register(job);
}
