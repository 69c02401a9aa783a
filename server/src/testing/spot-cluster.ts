import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { Trading } from '../trading/core';
import { BlockIds } from '../trading/ids';
import { PAIRS } from '../trading/pairs';
import { spotKeys, type SpotKeys } from '../trading/cluster/keys';
import { PairLeases } from '../trading/cluster/leases';
import { SpotOwner } from '../trading/cluster/owner';
import { RemoteTrading } from '../trading/cluster/router';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestWorker {
  id: string;
  trading: Trading;
  leases: PairLeases;
  owner: SpotOwner;
  errors: unknown[];
}

/**
 * Spot owners and routers of one test over one database and Redis, under a Redis prefix of their
 * own; leases of `leaseMs` so takeovers happen within a test. Owners tick only when told (unless
 * `ticking`), so a test decides when a lease is renewed or taken.
 */
export function spotCluster(db: Db, leaseMs = 1_000) {
  const keys: SpotKeys = spotKeys(`test:${randomUUID()}:`);
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  const closers: (() => Promise<void>)[] = [];
  const log = (errors: unknown[]) => (err: unknown) => errors.push(err);

  return {
    keys,
    redis,
    /** A worker with no pairs yet: `owner.start()` takes its share. */
    async worker(id = `w-${randomUUID().slice(0, 8)}`, tickMs = 3_600_000): Promise<TestWorker> {
      const errors: unknown[] = [];
      const leases = new PairLeases(db, id, leaseMs);
      const trading = new Trading({
        db,
        now: () => new Date(),
        log: log(errors),
        ids: new BlockIds(db, 1_000),
        fence: leases,
      });
      const owner = new SpotOwner({ trading, leases, redis, keys, pairs: [...PAIRS.keys()], log: log(errors), tickMs });
      await trading.start([]);
      closers.push(() => owner.stop().catch((err: unknown) => void errors.push(err)));
      return { id, trading, leases, owner, errors };
    },
    async router(timeoutMs = 10_000): Promise<RemoteTrading> {
      const r = new RemoteTrading({ db, redis, keys, log: () => undefined, timeoutMs });
      await r.start();
      closers.push(() => r.stop());
      return r;
    },
    async close(): Promise<void> {
      for (const close of closers.reverse()) await close();
      const found = await redis.keys(`${keys.batches.slice(0, -'spot:batch'.length)}*`);
      if (found.length > 0) await redis.del(...found);
      redis.disconnect();
    },
  };
}
