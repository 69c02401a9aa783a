// Lock mining's jobs in a process of their own, for the kill test (`job-kill.test.ts`): opens
// TARGET (`pglite:<dir>` or a PostgreSQL URL), runs one scheduler pass with its clock at NOW and
// prints `done`. With PAUSE=1 the daily interest job prints `paid` once its work for a period is
// written, before the scheduler commits it, and waits there (for a SIGKILL).
import { openAfterKill } from './kill-support';
import { Scheduler } from '../scheduler/index';
import { lockJobs } from '../products/lockming/jobs';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET is required');
const now = Number(process.env.NOW);
const pause = process.env.PAUSE === '1';
const database = await openAfterKill(target);
const scheduler = new Scheduler({
  db: database.db,
  now: () => new Date(now),
  manual: true,
  onError: (err, job) => console.error(`${job}: ${(err as Error).stack}`),
});
for (const job of lockJobs(() => new Date(now))) {
  if (job.name !== 'lock.daily_interest' || !pause) {
    scheduler.register(job);
    continue;
  }
  scheduler.register({
    ...job,
    run: async (tx, period) => {
      await job.run(tx, period);
      console.log('paid');
      await new Promise(() => {});
    },
  });
}
await scheduler.runDue();
console.log('done');
await scheduler.stop();
await database.close();
