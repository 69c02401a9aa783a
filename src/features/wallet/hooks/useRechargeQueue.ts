import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import { db } from '@/lib/db';
import { userAtom } from '@/lib/state';
import { OUTBOX_SYNC_TAG } from '@/sw/outbox-sync';
import { replayRechargesExclusive } from '@/sw/replay-recharge';
import { queuedKind, type QueuedView } from '../model/rechargeQueue';

/** Asks the service worker to send the queue when the network returns (Background Sync). */
export async function requestSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    sync?: { register(tag: string): Promise<void> };
  };
  if (!reg.sync) return false;
  await reg.sync.register(OUTBOX_SYNC_TAG);
  return true;
}

/**
 * The user's queued recharges, newest first, live from Dexie. Where Background Sync is missing
 * the page itself replays the queue when the connection returns.
 */
export function useRechargeQueue() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const kind = queuedKind(uid);
  const rows = useLiveQuery(
    () => db.records.where('[kind+createdAt]').between([kind, Dexie.minKey], [kind, Dexie.maxKey]).reverse().limit(5).toArray(),
    [kind],
  );
  useEffect(() => {
    if (typeof window === 'undefined' || 'SyncManager' in window) return;
    const replay = () => void replayRechargesExclusive().catch(() => undefined);
    window.addEventListener('online', replay);
    if (navigator.onLine) replay();
    return () => window.removeEventListener('online', replay);
  }, []);
  return rows?.map((r) => ({ key: r.id, at: r.createdAt, ...(r.data as QueuedView) })) ?? [];
}
