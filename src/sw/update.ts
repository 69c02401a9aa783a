/** The message the page posts (workbox-window `messageSkipWaiting`) when the user accepts an update. */
export const SKIP_WAITING = 'SKIP_WAITING';

function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}

/**
 * A new worker waits until the user agrees to reload (UpdatePrompt); it never takes over open
 * pages by itself, because a page running old code against a new cache can break mid-task.
 * Only after the user asked for the update does the worker claim every client, so all open tabs
 * switch together. The first install does not claim: pages opened before it keep their network
 * behaviour until the next navigation.
 */
export function setupUpdate(sw: ServiceWorkerGlobalScope): void {
  let skipRequested = false;

  sw.addEventListener('message', (event) => {
    if (!isSkipWaiting(event.data)) return;
    skipRequested = true;
    event.waitUntil(sw.skipWaiting());
  });

  // Listeners must be added during the worker's first evaluation, hence the flag.
  sw.addEventListener('activate', (event) => {
    if (skipRequested) event.waitUntil(sw.clients.claim());
  });
}
