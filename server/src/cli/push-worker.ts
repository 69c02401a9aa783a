import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { loadVapidKeys } from '../push/keys';
import { pushTexts } from '../push/texts';
import { PushWorker } from '../push/worker';
import { PUSH_RENDERERS } from '../wiring';

/**
 * The push delivery worker as its own process (`npm run push:worker`), beside API processes
 * started with `PUSH_WORKER=external`. It reads the same environment as the server (database,
 * VAPID keys) and renders with the same table of renderers (`wiring.ts`). With the embedded
 * database only one process may open the data folder, so run it there only while the API is
 * stopped; on PostgreSQL any number of workers share the outbox.
 *
 * Tuning: PUSH_BATCH (rows per claim), PUSH_CONCURRENCY (requests in flight), PUSH_LEASE_MS (how
 * long a claimed row waits before another worker may deliver it again), PUSH_POLL_MS.
 */

const num = (name: string) => {
  const v = process.env[name];
  return v && /^\d+$/.test(v) ? { [name]: Number(v) } : {};
};

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const database = await openDatabase(config);
await database.migrate();
const keys = await loadVapidKeys(config);
const listener = database.listener((err) => console.error('push worker: database notifications interrupted', err));
const tuned = { ...num('PUSH_BATCH'), ...num('PUSH_CONCURRENCY'), ...num('PUSH_LEASE_MS'), ...num('PUSH_POLL_MS') };
const worker = new PushWorker({
  db: database.db,
  keys,
  texts: pushTexts(PUSH_RENDERERS),
  listener,
  ...(tuned.PUSH_BATCH ? { batch: tuned.PUSH_BATCH } : {}),
  ...(tuned.PUSH_CONCURRENCY ? { concurrency: tuned.PUSH_CONCURRENCY } : {}),
  ...(tuned.PUSH_LEASE_MS ? { leaseMs: tuned.PUSH_LEASE_MS } : {}),
  ...(tuned.PUSH_POLL_MS ? { pollMs: tuned.PUSH_POLL_MS } : {}),
  onError: (err) => console.error('push worker:', err instanceof Error ? err.message : err),
  onResult: (r) => {
    if (process.env.PUSH_WORKER_TRACE === '1') console.log(JSON.stringify(r));
  },
});
await worker.start();
console.log('push worker: delivering');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await listener.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
