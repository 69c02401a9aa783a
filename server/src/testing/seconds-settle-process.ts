// A settlement worker in a process of its own, for the two-process test (`processes.test.ts`): it
// opens the PostgreSQL database TARGET, prints `ready`, waits for a line on stdin, settles every
// order due by MARK (epoch ms, for every seconds pair) in batches of BATCH, prints
// {"settled": n} and exits.
import { createInterface } from 'node:readline';
import { openPostgres } from '../db/postgres';
import { CATALOG } from '../market/catalog';
import { SETTLE_PRICE_MAX_AGE_MS } from '../products/seconds/terms';
import { SecondsWorker } from '../products/seconds/worker';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET (a PostgreSQL URL) is required');
const mark = Number(process.env.MARK);
const database = openPostgres(target);
const worker = new SecondsWorker({
  db: database.db,
  now: () => new Date(mark),
  pairIds: CATALOG.instruments.filter((i) => i.openMicrotrade).map((i) => i.id),
  recordedThrough: () => mark,
  staleMs: SETTLE_PRICE_MAX_AGE_MS,
  batchSize: Number(process.env.BATCH ?? 50),
});
console.log('ready');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
const settled = await worker.settleDue();
console.log(JSON.stringify({ settled }));
lines.close();
await database.close();
