// The one process that runs the engines of a PostgreSQL database. Order and trade ids are given
// in memory, the books live in memory, and the maker, triggers, settlement and the scheduler each
// write as "the" engine: two servers on one database hand out the same ids and overwrite each
// other's orders. A PostgreSQL session advisory lock, held on a connection of its own for the
// process's life, lets one server in; the embedded database has its folder lock instead
// (`data-dir-lock.ts`).
import { hostname } from 'node:os';
import pg from 'pg';

/** The advisory lock's key: below 2^31, so pg_locks shows it as `objid` with `classid` 0. */
export const ENGINE_LOCK_KEY = 0x4835_454e;

/** How often the lock's connection is checked, and how long a check may take. */
const CHECK_MS = 5_000;
const CHECK_TIMEOUT_MS = 10_000;

/** The session holding the lock, as far as PostgreSQL shows it to this role. */
export interface EngineHolder {
  pid: number;
  application: string | null;
  client: string | null;
  since: string | null;
}

export class EngineLockedError extends Error {
  override name = 'EngineLockedError';
  constructor(readonly holder: EngineHolder | undefined) {
    const who = holder
      ? `${holder.application || 'a session'} (database backend ${holder.pid}` +
        `${holder.client ? ` from ${holder.client}` : ''}${holder.since ? `, since ${holder.since}` : ''})`
      : 'another session';
    super(
      `Another server process runs the trading engine on this database: ${who}.\n` +
        'One server process serves a database: this one starts nothing and exits. Stop the other ' +
        'one first, or give this one a database of its own.',
    );
  }
}

/** What keeps other processes away from this one's engines, as `GET /api/health` reports it. */
export interface EngineHold {
  lock: 'advisory_lock' | 'data_folder';
  since: Date;
  /** Whether the lock is still held, asked of PostgreSQL; `false` has been reported as lost. */
  check(): Promise<boolean>;
}

export interface EngineLock extends EngineHold {
  release(): Promise<void>;
}

/** `application_name` names the holder to a refused process (PostgreSQL keeps 63 bytes). */
const applicationName = () => `h5 engine pid ${process.pid} on ${hostname()}`.slice(0, 63);

async function holderOf(client: pg.Client): Promise<EngineHolder | undefined> {
  const { rows } = await client.query<EngineHolder>(
    `SELECT l.pid, a.application_name AS application, a.client_addr::text AS client,
        to_char(a.backend_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS since
      FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [ENGINE_LOCK_KEY],
  );
  return rows[0];
}

/**
 * Takes the engine lock of the database at `url` on a connection of its own (`shared`: the
 * processes of a deployment with roles, which own pairs by lease, hold it together and keep a
 * single all-in-one process away, which takes it `exclusive`), or throws
 * `EngineLockedError` naming the holder. `onLost` runs once when the connection drops or a
 * check fails: PostgreSQL has then released the lock (or will), and another process may take it.
 */
export async function holdEngineLock(
  url: string,
  onLost: (err: Error) => void,
  mode: 'exclusive' | 'shared' = 'exclusive',
): Promise<EngineLock> {
  const client = new pg.Client({
    connectionString: url,
    application_name: applicationName(),
    keepAlive: true,
    query_timeout: CHECK_TIMEOUT_MS,
  });
  await client.connect();
  try {
    // PostgreSQL ends a session whose client vanished (host down, cable cut) after about 25 s
    // instead of the system's two hours, and with it the lock (TCP only; ignored on a socket).
    await client.query('SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3');
    const take = mode === 'shared' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
    const { rows } = await client.query<{ got: boolean }>(`SELECT ${take}($1) AS got`, [ENGINE_LOCK_KEY]);
    if (!rows[0]?.got) throw new EngineLockedError(await holderOf(client));
  } catch (err) {
    // The refusal is what the caller needs; a failed close is only worth a line beside it.
    await client
      .end()
      .catch((closeErr: unknown) => console.warn('engine lock: closing the refused connection failed', closeErr));
    throw err;
  }
  return watch(client, onLost);
}

function watch(client: pg.Client, onLost: (err: Error) => void): EngineLock {
  let done = false;
  const lost = (err: Error) => {
    if (done) return;
    done = true;
    clearInterval(timer);
    // The connection is already broken when the lock is lost; its close failing says nothing new,
    // but it is logged rather than dropped.
    client
      .end()
      .catch((closeErr: unknown) => console.warn('engine lock: closing the lost connection failed', closeErr));
    onLost(err);
  };
  const check = async (): Promise<boolean> => {
    if (done) return false;
    try {
      const { rows } = await client.query<{ held: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()
          AND classid = 0 AND objid = $1 AND objsubid = 1) AS held`,
        [ENGINE_LOCK_KEY],
      );
      if (rows[0]?.held) return true;
      lost(new Error('the engine lock is no longer held by this session'));
    } catch (err) {
      lost(err instanceof Error ? err : new Error(String(err)));
    }
    return false;
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the engine lock connection ended')));
  // A connection that hangs without an error (a half-open socket) is found by the next check.
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  return {
    lock: 'advisory_lock',
    since: new Date(),
    check,
    async release() {
      if (done) return;
      done = true;
      clearInterval(timer);
      await client.end();
    },
  };
}
