// A product's scheduled jobs in a process of their own, for the job kill tests
// (`products/{invite,lockming}/job-kill.test.ts`): opens TARGET (`pglite:<dir>` or a PostgreSQL
// URL), registers the jobs of PRODUCT, runs one scheduler pass with its clock at NOW and prints
// `done`. With PAUSE set to a job's name, that job prints `paid` once its work for a period is
// written, before the scheduler commits it, and waits there (for a SIGKILL).
import { openAfterKill } from './kill-support';
import { Scheduler, type Job } from '../scheduler/index';
import { rebateJob } from '../products/invite/jobs';
import { lockJobs } from '../products/lockming/jobs';

const products: Record<string, (now: () => Date) => Job[]> = {
  invite: (now) => [rebateJob(now)],
  lockming: (now) => lockJobs(now),
};

const target = process.env.TARGET;
if (!target) throw new Error('TARGET is required');
const jobsOf = products[process.env.PRODUCT ?? ''];
if (!jobsOf) throw new Error(`PRODUCT must be one of ${Object.keys(products).join(', ')}`);
const now = Number(process.env.NOW);
const pause = process.env.PAUSE ?? '';
const database = await openAfterKill(target);
const scheduler = new Scheduler({
  db: database.db,
  now: () => new Date(now),
  manual: true,
  onError: (err, job) => console.error(`${job}: ${(err as Error).stack}`),
});
for (const job of jobsOf(() => new Date(now))) {
  if (job.name !== pause) {
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
