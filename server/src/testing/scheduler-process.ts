// A scheduler in a process of its own, for the two-process test (`processes.test.ts`): it opens
// the PostgreSQL database TARGET, registers the minute job `shared` (each run writes a settings
// row for its period, naming this process), prints `ready`, waits for a line on stdin, then makes
// PASSES passes with its clock at START + i minutes, prints {"ran": n} and exits.
import { createInterface } from 'node:readline';
import { openPostgres } from '../db/postgres';
import { settings } from '../db/schema/index';
import { Scheduler } from '../scheduler/index';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET (a PostgreSQL URL) is required');
const start = Number(process.env.START);
const passes = Number(process.env.PASSES);
let now = start;
const database = openPostgres(target);
const scheduler = new Scheduler({ db: database.db, now: () => new Date(now), manual: true });
scheduler.register({
  name: 'shared',
  every: 'minute',
  catchUp: 'each',
  run: async (tx, period) => {
    await tx.insert(settings).values({ key: `shared@${period.start.toISOString()}`, value: String(process.pid) });
  },
});
console.log('ready');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
let ran = 0;
for (let i = 1; i <= passes; i++) {
  now = start + i * 60_000;
  ran += await scheduler.runDue();
}
console.log(JSON.stringify({ ran }));
lines.close();
await scheduler.stop();
await database.close();
