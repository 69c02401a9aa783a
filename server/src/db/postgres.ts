// PostgreSQL through node-postgres: the pool the services query and the connection that listens
// for notifications. Kept apart from client.ts so that a server on the embedded database never
// loads the driver.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, schema, type Database, type Db } from './client';
import type { Listener } from './listen';
import { seed } from './seed';

/**
 * An idle pooled connection that the server drops (restart, failover, an administrator) emits an
 * error with no query to reject; unhandled, it would end the process. The pool replaces it.
 */
const reportIdleError = (err: Error) => {
  process.stderr.write(`database: idle connection lost: ${err.message}\n`);
};

export function openPostgres(url: string, onIdleError: (err: Error) => void = reportIdleError): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', onIdleError);
  // A connection the server ends while a transaction holds it between statements (a process
  // paused past idle_in_transaction_session_timeout) errors with no query to reject: reported,
  // and its transaction's next statement fails.
  pool.on('connect', (client) => client.on('error', onIdleError));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async migrate() {
      await migratePg(db, { migrationsFolder });
      await seed(db as unknown as Db);
    },
    close: () => pool.end(),
    listener: (onGap, onResume) => postgresListener(url, onGap, onResume),
  };
}

const RECONNECT_MS = 1_000;

/**
 * One dedicated connection (LISTEN does not work through a pool). When it drops, `onGap` runs at
 * once and it reconnects every second until it is back; listening again on every channel, it runs
 * `onResume` and the `afterGap` handlers.
 */
export function postgresListener(url: string, onGap: (err: Error) => void, onResume?: () => void): Listener {
  const channels = new Map<string, (payload: string) => void>();
  const gapHandlers: (() => void)[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let connectedBefore = false;
  let gap = false;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => channels.get(n.channel)?.(n.payload ?? ''));
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('notification connection ended')));
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    // After the LISTENs: a change committed from here on is announced, one before is read afresh.
    if (connectedBefore) onResume?.();
    connectedBefore = true;
    if (!gap) return;
    gap = false;
    for (const handler of gapHandlers) {
      try {
        handler();
      } catch (err) {
        onGap(err as Error);
      }
    }
  }

  function lost(c: pg.Client, err: Error) {
    if (closed || client !== c) return;
    client = undefined;
    gap = true;
    onGap(err);
    c.end().catch((endErr: Error) => onGap(endErr));
    scheduleReconnect();
  }

  function scheduleReconnect() {
    retry = setTimeout(() => {
      connect().catch((err: Error) => {
        onGap(err);
        if (!closed) scheduleReconnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    async listen(channel, onPayload) {
      channels.set(channel, onPayload);
      if (client) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      else await connect();
    },
    afterGap(handler) {
      gapHandlers.push(handler);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end();
    },
  };
}
