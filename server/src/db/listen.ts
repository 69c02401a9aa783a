import type { PGlite } from '@electric-sql/pglite';

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
