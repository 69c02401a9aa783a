// The loans' liquidation watcher in a process of its own, for `products/loans/kill.test.ts`: opens
// TARGET (`pglite:<dir>` or a PostgreSQL URL), loads the open loans, feeds it the trades PRICES
// (comma-separated) of pair PAIR at NOW, and prints `done`. With PAUSE set, the first action
// prints `written` once its work is written, before its transaction commits, and waits there (for
// a SIGKILL).
import { inTransaction, type Tx } from '../ledger/index';
import { LoanWatcher } from '../products/loans/runtime';
import { openAfterKill } from './kill-support';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET is required');
const now = Number(process.env.NOW);
const pairId = Number(process.env.PAIR ?? 1);
const prices = (process.env.PRICES ?? '').split(',').filter(Boolean);
const pause = process.env.PAUSE === '1';
const database = await openAfterKill(target);
const watcher = new LoanWatcher({
  db: database.db,
  now: () => new Date(now),
  log: (err, message) => console.error(`${message}: ${(err as Error).stack}`),
  transaction: <T>(fn: (tx: Tx) => Promise<T>) =>
    inTransaction(database.db, async (tx) => {
      const result = await fn(tx);
      if (pause) {
        console.log('written');
        await new Promise(() => {});
      }
      return result;
    }),
});
await watcher.reload();
prices.forEach((price, i) => watcher.onTick(pairId, { price, ts: now + i, source: 'simulated' }));
await watcher.idle();
console.log('done');
await database.close();
