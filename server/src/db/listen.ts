import type { PGlite } from '@electric-sql/pglite';

/**
 * Database notifications (LISTEN/NOTIFY). `onPayload` gets each payload of `channel`. When the
 * listening connection was lost, the `onGap` given to `Database.listener` hears it at once (a
 * cache built on notifications must forget everything), and once the connection listens again
 * each `afterGap` handler runs: what changed in between was not announced, so whatever follows
 * the announcements reloads it then (not earlier, or a change made before the LISTEN was back
 * would be missed again).
 */
export interface Listener {
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  afterGap(handler: () => void): void;
  close(): Promise<void>;
}

/**
 * PGlite delivers notifications in-process, before the committing query's promise resolves, and
 * never loses its connection: there is no gap.
 */
export function pgliteListener(client: PGlite): Listener {
  const stops: (() => Promise<void>)[] = [];
  return {
    async listen(channel, onPayload) {
      stops.push(await client.listen(channel, onPayload));
    },
    afterGap() {},
    async close() {
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
  };
}
