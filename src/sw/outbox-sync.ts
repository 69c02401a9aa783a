import { db } from '../lib/db';
import { OUTBOX_SYNC_TAG, replayExclusive } from '../lib/outbox/replay';
// Registers every feature's outbox kind; the replay below only knows kinds by name.
import '../app/outbox-kinds';

/** The part of a `SyncEvent` we use (not in TypeScript's WebWorker lib). */
interface SyncLikeEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * The worker's one `sync` listener: it drains the whole outbox, every kind. A rejected promise
 * tells the browser to retry later with backoff; the page also hands the queue back to Background
 * Sync on its next start or `online`.
 */
export function setupOutboxSync(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('sync', (event) => {
    const e = event as SyncLikeEvent;
    if (e.tag !== OUTBOX_SYNC_TAG) return;
    e.waitUntil(
      replayExclusive(db).then((report) => {
        if (report.remaining > 0) throw new Error(`${report.remaining} queued entries not sent yet`);
      }),
    );
  });
}
