// The rebate job in a process of its own, for the kill test (`job-kill.test.ts`): opens TARGET
// (`pglite:<dir>` or a PostgreSQL URL), runs one scheduler pass with its clock at NOW and prints
// `done`. With PAUSE=1 the job prints `paid` once a period's rebates are written, before the
// scheduler commits them, and waits there (for a SIGKILL).
import { openAfterKill } from './kill-support';
import { Scheduler } from '../scheduler/index';
import { rebateJob } from '../products/invite/jobs';

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
const job = rebateJob(() => new Date(now));
scheduler.register(
  pause
    ? {
        ...job,
        run: async (tx, period) => {
          await job.run(tx, period);
          console.log('paid');
          await new Promise(() => {});
        },
      }
    : job,
);
await scheduler.runDue();
console.log('done');
await scheduler.stop();
await database.close();
