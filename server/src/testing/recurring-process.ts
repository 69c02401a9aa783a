// Recurring buys in a process of their own, for `products/recurring/kill.test.ts`: opens TARGET
// (`pglite:<dir>` or a PostgreSQL URL) as a test app at NOW whose feed trades BTC at 100,000 and
// whose maker quotes around it, then by PHASE:
// - `setup`: a funded user with a daily plan at 02:00 UTC; prints `{"user":…,"plan":…}` and `done`;
// - `kill`: claims the due plans, places their buys and, once the first buy's order has
//   committed, prints `placed` and waits there (for a SIGKILL) before the run's outcome is written;
// - `finish`: one pass over the pending runs; prints `done`.
import { randomUUID } from 'node:crypto';
import * as recurring from '@contract/recurring';
import { inTransaction } from '../ledger/index';
import { RECURRING_JOB_NAMES } from '../products/recurring/jobs';
import { claimDue, runPending } from '../products/recurring/service';
import { registerUser } from './accounts';
import { createTestApp } from './app';
import { openAfterKill } from './kill-support';
import { recurringDeps } from './recurring';
import { fundChange, makerHandle, pushFeed, tick } from './trade';
import { callWithKey, okOf } from './wallet';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET is required');
const now = Number(process.env.NOW);
const phase = process.env.PHASE;
const database = await openAfterKill(target);
await database.migrate();
const feed = pushFeed();
const maker = makerHandle();
const t = await createTestApp(database, {
  market: { manual: true, feed },
  config: { maker: { enabled: true, spreadBps: 20, levels: 3, levelValue: 1000, maxInventory: 50_000 } },
  maker: { manual: true, ready: maker.ready },
  scheduler: { jobs: [...RECURRING_JOB_NAMES] },
});
t.clock.set(new Date(now));
await tick(t, feed, 'BTC/USDT', '100000');
await maker.get().step();

if (phase === 'setup') {
  const user = await registerUser(t);
  await fundChange(t, user.token);
  const body = { currency_id: 1, legal_id: 3, amount: '100', period: 'daily', hour: 2, max_slippage: '1' };
  const res = await callWithKey(t, recurring.recurringCreate, body, { token: user.token, key: randomUUID() });
  const plan = okOf(recurring.recurringCreate, res.body);
  console.log(JSON.stringify({ user: user.user.id, plan: plan.id, next: plan.next_run_at }));
  console.log('done');
} else if (phase === 'kill') {
  await inTransaction(t.app.ctx.db, (tx) => claimDue(tx, t.clock.now()));
  const deps = recurringDeps(t, (err) => console.error((err as Error).stack));
  await runPending({
    ...deps,
    buy: async (req) => {
      await deps.buy(req);
      console.log('placed');
      return new Promise(() => {});
    },
  });
} else if (phase === 'finish') {
  await runPending(recurringDeps(t, (err) => console.error((err as Error).stack)));
  console.log('done');
} else {
  throw new Error('PHASE must be setup, kill or finish');
}
await t.close();
await database.close();
