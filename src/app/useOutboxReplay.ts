import { useEffect } from 'react';
import { setOutboxKindsLoader } from '@/lib/outbox/kindsLoader';
import { outboxMayHaveEntries } from '@/lib/outbox/pending';

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
    const startIfQueued = async () => {
      if (stop || !(await outboxMayHaveEntries())) return;
      const { startOutboxReplay } = await import('@/lib/outbox/page');
      if (live && !stop) stop = startOutboxReplay();
    };
    const check = () => {
      startIfQueued().catch((error: unknown) => console.warn('outbox: the replay could not start', error));
    };
    // Until the replay has started it has no listener of its own; the first `online` starts it.
    window.addEventListener('online', check);
    check();
    return () => {
      live = false;
      window.removeEventListener('online', check);
      stop?.();
    };
  }, []);
}
