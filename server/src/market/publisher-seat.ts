// The market feed's one publisher among several processes on a PostgreSQL database: whoever holds
// a session advisory lock on a connection of its own. Loaded only with PostgreSQL and Redis.
import { hostname } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rows } from '../db/rows';

/** Namespace of the two-key advisory locks: (FEED_LOCK, 1) the seat, (FEED_LOCK, 2) the write barrier. */
export const FEED_LOCK = 0x4d4b_4644;
const SEAT = 1;
const BARRIER = 2;

/**
 * PostgreSQL ends a session idle this long, and with it the lock. The seat asks something at least
 * every `retryMs` (2 s), so only a process that stopped running (SIGSTOP, a frozen event loop, a
 * host cut off) idles out: its lock is released and another process takes the seat.
 */
const IDLE_SESSION_TIMEOUT = '8s';
/** A fenced write that stalls (its process paused) is ended, so the barrier never waits long on it. */
const FENCED_IDLE_TIMEOUT = '5s';
const QUERY_TIMEOUT_MS = 10_000;

export class SeatLostError extends Error {
  override name = 'SeatLostError';
}

export interface PublisherSeat {
  /**
   * Takes the seat if it is free: resolves with the epoch (a PostgreSQL transaction id, higher at
   * each change of publisher) once in-flight writes of an earlier publisher ended; null when
   * another process holds it.
   */
  take(): Promise<bigint | null>;
  /** Whether this process still holds the seat, asked of PostgreSQL; `false` has been reported lost. */
  check(): Promise<boolean>;
  /** In `tx`: waits out the barrier and throws `SeatLostError` unless this process holds the seat. */
  fence(tx: Tx): Promise<void>;
  /** Gives the seat up (another process takes it at its next try) and closes the connection. */
  close(): Promise<void>;
}

interface Holder {
  pid: number;
  since: string;
}

/** `onLost` runs once each time a held seat is lost (connection dropped, session ended). */
export function publisherSeat(url: string, onLost: (err: Error) => void): PublisherSeat {
  let client: pg.Client | undefined;
  let holder: Holder | undefined;
  let closed = false;

  const lose = (c: pg.Client, err: Error) => {
    if (client !== c) return;
    client = undefined;
    // The connection is already broken; its close failing says nothing new, but is not dropped.
    c.end().catch((endErr: unknown) => console.warn('market feed seat: closing the lost connection failed', endErr));
    if (holder) {
      holder = undefined;
      onLost(err);
    }
  };

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const c = new pg.Client({
      connectionString: url,
      application_name: `h5 market feed pid ${process.pid} on ${hostname()}`.slice(0, 63),
      keepAlive: true,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    c.on('error', (err) => lose(c, err));
    c.on('end', () => lose(c, new Error('the market feed seat connection ended')));
    await c.connect();
    await c.query(`SET idle_session_timeout = '${IDLE_SESSION_TIMEOUT}'`);
    client = c;
    return c;
  }

  async function take(): Promise<bigint | null> {
    if (closed) return null;
    const c = await connection();
    const { rows: got } = await c.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS got', [
      FEED_LOCK,
      SEAT,
    ]);
    if (!got[0]?.got) return null;
    // A write fenced by the previous holder that passed its check before that holder lost the seat
    // holds the barrier shared until it commits; the new publisher writes only after it.
    await c.query('SELECT pg_advisory_lock($1, $2)', [FEED_LOCK, BARRIER]);
    await c.query('SELECT pg_advisory_unlock($1, $2)', [FEED_LOCK, BARRIER]);
    const { rows: me } = await c.query<{ pid: number; since: string; epoch: string }>(
      `SELECT pg_backend_pid() AS pid, backend_start::text AS since, txid_current()::text AS epoch
        FROM pg_stat_activity WHERE pid = pg_backend_pid()`,
    );
    const row = me[0];
    if (!row) throw new Error('the market feed seat session is not in pg_stat_activity');
    holder = { pid: row.pid, since: row.since };
    return BigInt(row.epoch);
  }

  async function check(): Promise<boolean> {
    const c = client;
    if (!c || !holder) return false;
    try {
      const { rows: held } = await c.query<{ held: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()
          AND classid = $1 AND objid = $2 AND objsubid = 2) AS held`,
        [FEED_LOCK, SEAT],
      );
      if (held[0]?.held) return true;
      lose(c, new Error('the market feed seat is no longer held by this session'));
    } catch (err) {
      lose(c, err instanceof Error ? err : new Error(String(err)));
    }
    return false;
  }

  async function fence(tx: Tx): Promise<void> {
    const me = holder;
    if (!me) throw new SeatLostError('this process is not the market feed publisher');
    await tx.execute(sql.raw(`SET LOCAL idle_in_transaction_session_timeout = '${FENCED_IDLE_TIMEOUT}'`));
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${FEED_LOCK}, ${BARRIER})`);
    // The seat's session by pid and start time: a later backend reusing the pid is not it.
    const [row] = await rows<{ held: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${FEED_LOCK} AND l.objid = ${SEAT}
          AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.pid = ${me.pid} AND a.backend_start::text = ${me.since}) AS held`,
    );
    if (!row?.held) throw new SeatLostError('the market feed seat was lost; another process publishes');
  }

  return {
    take,
    check,
    fence,
    async close() {
      closed = true;
      const c = client;
      client = undefined;
      holder = undefined;
      await c?.end();
    },
  };
}
