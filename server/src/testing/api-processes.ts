// Several API processes on one PostgreSQL database and one Redis, as a reverse proxy would spread
// requests over them. Each "process" is a test app (createTestApp) with its own pool, notification
// connection, caches, Redis connections and socket.io server; they run in this test process, so
// module-level state (the live settings' values) is shared and a test of it must write the
// database directly, as another process would.
import { randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { openPostgres } from '../db/postgres';
import { sessionChangesSettled } from '../sessions/sessions';
import { createTestApp, type TestApp } from './app';
import { postgresCopy } from './databases';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** CI's server (.ci/run); these tests need PostgreSQL, since PGlite serves one process. */
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type AppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

export interface ApiProcess extends TestApp {
  /** Its PostgreSQL `application_name`, by which `dropNotifications` finds its connection. */
  name: string;
  database: Database;
  /** Emits `gap` when its notification connection is lost and `resume` once it listens again. */
  notifications: EventEmitter;
}

export interface ApiProcesses {
  /** Starts one more process on the shared database and Redis. */
  start(options?: AppOptions): Promise<ApiProcess>;
  /** A Redis client for looking at what the processes wrote (keys start with `prefix`). */
  redis: Redis;
  prefix: string;
  /** Closes every process started, then drops the database. */
  close(): Promise<void>;
}

/** Fails with what to do when Redis is not there, instead of timing out in the first test. */
export async function assertRedisReachable(url = REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`This test needs Redis at ${url} (set REDIS_URL or start redis-server): ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/**
 * A fresh copy of the test template on PostgreSQL that processes are started on. Their Redis keys
 * and channels start with a prefix of this run, so neither another test file on the same Redis nor
 * a run a minute earlier (whose rate-limit windows are still open) is seen.
 */
export async function apiProcesses(): Promise<ApiProcesses> {
  await assertRedisReachable();
  const copy = await postgresCopy(POSTGRES_URL).catch((err: Error) => {
    throw new Error(`This test needs PostgreSQL at ${POSTGRES_URL} (set DATABASE_URL): ${err.message}`);
  });
  const prefix = `test:${randomBytes(4).toString('hex')}:`;
  const started: ApiProcess[] = [];
  let count = 0;
  const redis = new Redis(REDIS_URL);
  return {
    redis,
    prefix,
    async start(options = {}) {
      count += 1;
      const name = `h5-api-${count}-${prefix}`;
      // The drop at the end ends connections a test left open; that is expected, not a failure.
      const opened = openPostgres(withApplicationName(copy.url, name), () => undefined);
      const notifications = new EventEmitter();
      const database: Database = {
        ...opened,
        listener: (onGap, onResume) =>
          opened.listener(
            (err) => {
              onGap(err);
              notifications.emit('gap');
            },
            () => {
              onResume?.();
              notifications.emit('resume');
            },
          ),
      };
      const config = { redisUrl: REDIS_URL, redisPrefix: prefix, ...options.config };
      const t = await createTestApp(database, { ...options, config });
      const close = async () => {
        await t.close();
        await database.close();
      };
      const proc: ApiProcess = { ...t, name, database, notifications, close };
      started.push(proc);
      return proc;
    },
    async close() {
      await Promise.allSettled(started.splice(0).map((p) => p.close()));
      redis.disconnect();
      await copy.drop();
    },
  };
}

/**
 * Ends `proc`'s notification connection from the server side (what a database restart or a cut
 * network does); answers how many connections were ended. The process reconnects a second later.
 */
export async function dropNotifications(proc: ApiProcess): Promise<number> {
  const ended = await proc.database.db.execute(
    sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE application_name = ${proc.name} AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
  );
  return (ended as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Ends `proc`'s notification connection and resolves once `proc` has noticed; `resumed` resolves
 * once it listens again (about a second later), and `isResumed()` says whether it has.
 */
export async function interruptNotifications(
  proc: ApiProcess,
): Promise<{ resumed: Promise<unknown>; isResumed(): boolean }> {
  const gap = once(proc.notifications, 'gap');
  let back = false;
  const resumed = once(proc.notifications, 'resume').then(() => (back = true));
  if ((await dropNotifications(proc)) !== 1) throw new Error(`${proc.name}: no notification connection to end`);
  await gap;
  return { resumed, isResumed: () => back };
}

/**
 * Runs `statement` with the database's triggers off, so no process hears of it: a control that
 * shows a process answering from its cache until an announced change comes.
 */
export async function writeUnannounced(proc: ApiProcess, statement: SQL): Promise<void> {
  await proc.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** Resolves once `proc` has handled every notification committed before the call (in any process). */
export const notificationsSettled = (proc: ApiProcess) => sessionChangesSettled(proc.app.ctx);
