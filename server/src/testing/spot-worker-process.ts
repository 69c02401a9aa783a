// A spot worker in a process of its own, for `trading/cluster/kill.test.ts`: the trading core of
// the pairs it leases on DATABASE_URL, reading their command streams from REDIS_URL under
// SPOT_PREFIX, as WORKER_ID with leases of LEASE_MS. Prints `held <pairs>` whenever its pairs
// change (`ready` after the first) and `refused fenced|ended` when a batch failed to commit.
// FENCE_PAUSE_MS (with FENCE_PAUSE `before` or `after` the check) prints `fence` and waits inside
// the batch transaction, so a test can SIGSTOP it there.
import { openPostgres } from '../db/postgres';
import { Trading } from '../trading/core';
import { BlockIds } from '../trading/ids';
import { PAIRS } from '../trading/pairs';
import { spotKeys } from '../trading/cluster/keys';
import { FencedError, PairLeases } from '../trading/cluster/leases';
import { SpotOwner } from '../trading/cluster/owner';
import { Redis } from 'ioredis';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};
const leaseMs = Number(env('LEASE_MS'));
const pauseMs = Number(process.env.FENCE_PAUSE_MS ?? 0);
const pauseAt = process.env.FENCE_PAUSE ?? 'before';
const say = (line: string) => process.stdout.write(`${line}\n`);
const pause = () => {
  say('fence');
  return new Promise((done) => setTimeout(done, pauseMs));
};

const database = openPostgres(env('DATABASE_URL'), () => undefined);
const redis = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: 3 });
const leases = new PairLeases(database.db, env('WORKER_ID'), leaseMs);
const log = (err: unknown, message: string) => {
  // A late batch: refused by the lease check, or by the database that ended its idle transaction.
  if (message.startsWith('trading batch failed')) say(`refused ${err instanceof FencedError ? 'fenced' : 'ended'}`);
  else process.stderr.write(`${message}: ${String(err)}\n`);
};
const trading = new Trading({
  db: database.db,
  now: () => new Date(),
  log,
  ids: new BlockIds(database.db),
  fence: {
    open: (tx) => leases.open(tx),
    async check(tx, pairIds) {
      if (pauseMs && pauseAt === 'before') await pause();
      await leases.check(tx, pairIds);
      if (pauseMs && pauseAt === 'after') await pause();
    },
  },
});
await trading.start([]);
const owner = new SpotOwner({
  trading,
  leases,
  redis,
  keys: spotKeys(env('SPOT_PREFIX')),
  pairs: [...PAIRS.keys()],
  log,
  onMove: () => say(`held ${owner.held.sort((a, b) => a - b).join(',')}`),
});
await owner.start();
say(`held ${owner.held.sort((a, b) => a - b).join(',')}`);
say('ready');
process.on('SIGTERM', () => {
  void owner.stop().then(() => process.exit(0));
});
