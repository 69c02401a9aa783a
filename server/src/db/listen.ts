import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Database notifications (LISTEN/NOTIFY). `onPayload` gets each payload of `channel`; `onGap` is
 * called when notifications may have been missed (the listening connection was lost), so a cache
 * built on them must forget everything.
 */
export interface Listener {
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** PGlite delivers notifications in-process, before the committing query's promise resolves. */
export function pgliteListener(client: PGlite): Listener {
  const stops: (() => Promise<void>)[] = [];
  return {
    async listen(channel, onPayload) {
      stops.push(await client.listen(channel, onPayload));
    },
    async close() {
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
  };
}

const RECONNECT_MS = 1_000;

/**
 * One dedicated connection (LISTEN does not work through a pool). When it drops, `onGap` runs at
 * once and it reconnects every second until it is back.
 */
export function postgresListener(url: string, onGap: (err: Error) => void): Listener {
  const channels = new Map<string, (payload: string) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => channels.get(n.channel)?.(n.payload ?? ''));
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('notification connection ended')));
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  }

  function lost(c: pg.Client, err: Error) {
    if (closed || client !== c) return;
    client = undefined;
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
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end();
    },
  };
}
