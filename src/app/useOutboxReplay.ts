import { useEffect } from 'react';
import { setOutboxKindsLoader } from '@/lib/outbox/kindsLoader';
import { outboxMayHaveEntries } from '@/lib/outbox/pending';

/** Tries to start the replay again after a failed download: 5 s, 10 s … at most 5 minutes. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

// Whoever replays in the page first loads every kind (and with them Dexie and zod).
setOutboxKindsLoader(() => import('./outbox-kinds'));

/**
 * Sends the outbox from the page on start and on every `online`, on every screen, wherever
 * Background Sync is missing or denied (see `startOutboxReplay`). The outbox code, Dexie and zod
 * load only when something is queued: a plain IndexedDB count decides, so the first route of an
 * ordinary start pays nothing for it.
 */
export function useOutboxReplay(): void {
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    const startIfQueued = async () => {
      if (stop || !(await outboxMayHaveEntries())) return;
      const { startOutboxReplay } = await import('@/lib/outbox/page');
      if (live && !stop) stop = startOutboxReplay();
    };
    const check = () => {
      clearTimeout(retry);
      startIfQueued().catch((error: unknown) => {
        // The replay's chunk could not download: the network is back only halfway (it often is
        // when `online` fires). Try again rather than leave the queue until the next start.
        console.warn('outbox: the replay could not start', error);
        if (live && navigator.onLine) retry = setTimeout(check, delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      });
    };
    // Until the replay has started it has no listener of its own; the first `online` starts it.
    window.addEventListener('online', check);
    check();
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('online', check);
      stop?.();
    };
  }, []);
}
