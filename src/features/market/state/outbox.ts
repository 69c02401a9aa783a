import { useEffect } from 'react';
import { db } from '@/lib/db';
import { httpSender, OUTBOX_SYNC_TAG, replayExclusive } from '@/sw/outbox-sync';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** The active worker's registration when it supports Background Sync, else null. */
async function syncRegistration(): Promise<SyncRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const reg = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  return reg?.active && reg.sync ? reg : null;
}

/**
 * Asks for the outbox to be sent: through Background Sync when the worker has it (the browser
 * fires it when the network is there, even after the tab closed), otherwise from the page now.
 */
export async function requestOutboxSync(): Promise<void> {
  const reg = await syncRegistration().catch(() => null);
  if (reg) {
    try {
      await reg.sync!.register(OUTBOX_SYNC_TAG);
      return;
    } catch {
      // Registration can be refused (permissions); fall through to the page.
    }
  }
  if (navigator.onLine) await replayExclusive(db, httpSender()).catch(() => undefined);
}

/** Replays the outbox when the network returns (and on mount), for browsers without Background Sync. */
export function useOutboxOnReconnect(): void {
  useEffect(() => {
    const onOnline = () => void requestOutboxSync();
    window.addEventListener('online', onOnline);
    if (navigator.onLine) onOnline();
    return () => window.removeEventListener('online', onOnline);
  }, []);
}
