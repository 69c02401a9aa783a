// The price alerts' watcher in a process of its own, for `products/alerts/kill.test.ts`: opens
// TARGET (`pglite:<dir>` or a PostgreSQL URL), loads the active alerts, feeds it the trades PRICES
// (comma-separated) of pair PAIR at NOW with the pair's 24 h change CHANGE, and prints `done`. With
// PAUSE set, the first firing prints `written` once the alert's update and its notice are written,
// before its transaction commits, and waits there (for a SIGKILL).
import { inTransaction, type Tx } from '../ledger/index';
import { AlertWatcher } from '../products/alerts/runtime';
import { openAfterKill } from './kill-support';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET is required');
const now = Number(process.env.NOW);
const pairId = Number(process.env.PAIR ?? 1);
const prices = (process.env.PRICES ?? '').split(',').filter(Boolean);
const change = process.env.CHANGE ?? '0';
const pause = process.env.PAUSE === '1';
const database = await openAfterKill(target);
let last: string | null = null;
const watcher = new AlertWatcher({
  db: database.db,
  now: () => new Date(now),
  log: (err, message) => console.error(`${message}: ${(err as Error).stack}`),
  // The live quote: the last trade fed and the given 24 h change.
  tickOf: (pair) => (pair === pairId && last !== null ? { price: last, change } : null),
  transaction: <T>(fn: (tx: Tx) => Promise<T>) =>
    inTransaction(database.db, async (tx) => {
      const result = await fn(tx);
      // Only a firing that wrote something pauses; an evaluation that updated nothing goes on.
      if (pause && result !== undefined) {
        console.log('written');
        await new Promise(() => {});
      }
      return result;
    }),
});
await watcher.reload();
for (const price of prices) {
  last = price;
  watcher.onTrade(pairId, price);
  // Each trade's firings run before the next trade moves the quote, as with a live feed.
  await watcher.idle();
}
console.log('done');
await database.close();
