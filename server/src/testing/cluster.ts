// Processes of one deployment inside one test: apps of any role on one PostgreSQL database and one
// Redis, as separate server processes would be (each its own pool, seat connection and Redis
// connections), on one clock the test moves.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { openPostgres } from '../db/postgres';
import { streamKey } from '../market/relay';
import type { ServerRole } from '../roles';
import { createTestApp, type TestApp } from './app';
import { testClock, type TestClock } from './clock';
import { postgresCopy } from './databases';

/** The real servers of the machine unless the environment names others. */
export const CLUSTER_POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const CLUSTER_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type AppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

export interface Cluster {
  /** The shared database's URL. */
  url: string;
  clock: TestClock;
  /** Starts a process of `role` (the first candidate started becomes the feed's publisher). */
  start(role: ServerRole, options?: AppOptions): Promise<TestApp>;
  /** Closes the apps still open, drops the database and deletes the feed's stream. */
  close(): Promise<void>;
}

/** A fresh database (a copy of the migrated template) for the processes of one test. */
export async function openCluster(): Promise<Cluster> {
  const copy = await postgresCopy(CLUSTER_POSTGRES_URL);
  // Spot streams and books under names of this test only (test files run side by side on one Redis).
  const prefix = `test-${randomUUID().slice(0, 8)}:`;
  const clock = testClock();
  const open = new Set<TestApp>();
  return {
    url: copy.url,
    clock,
    async start(role, options = {}) {
      const database = openPostgres(copy.url, () => undefined);
      const t = await createTestApp(database, {
        clock,
        ...options,
        config: { role, databaseUrl: copy.url, redisUrl: CLUSTER_REDIS_URL, redisPrefix: prefix, ...options.config },
        // Candidates ask for the seat often, so a takeover is quick to see.
        market: { relayRetryMs: 200, ...options.market },
      }).catch(async (err: unknown) => {
        await database.close();
        throw err;
      });
      open.add(t);
      const closeApp = t.close.bind(t);
      t.close = async () => {
        if (!open.delete(t)) return;
        await closeApp();
        await database.close();
      };
      return t;
    },
    async close() {
      await Promise.all([...open].map((t) => t.close()));
      await copy.drop();
      const redis = new Redis(CLUSTER_REDIS_URL);
      try {
        await redis.del(streamKey(copy.url), ...(await redis.keys(`${prefix}*`)));
      } finally {
        redis.disconnect();
      }
    },
  };
}
