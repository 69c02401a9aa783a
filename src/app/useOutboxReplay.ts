import { useEffect } from 'react';

/**
 * Sends the outbox from the page on start and on every `online`, on every screen, wherever
 * Background Sync is missing or denied (see `startOutboxReplay`). Loaded after the first render:
 * the outbox needs Dexie, which the first route does not.
 */
export function useOutboxReplay(): void {
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    import('./outboxReplay')
      .then(({ startOutboxReplay }) => {
        if (live) stop = startOutboxReplay();
      })
      .catch((error: unknown) => console.warn('outbox: the replay could not load', error));
    return () => {
      live = false;
      stop?.();
    };
  }, []);
}
