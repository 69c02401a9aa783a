import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import { db } from '@/lib/db';
import { userAtom } from '@/lib/state';
import { queuedKind, type QueuedView } from '../model/rechargeQueue';

/**
 * The user's queued recharges, newest first, live from Dexie. Sending them is the outbox's job
 * (Background Sync, or the app shell's replay where that is missing or denied).
 */
export function useRechargeQueue() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const kind = queuedKind(uid);
  const rows = useLiveQuery(
    () =>
      db.records
        .where('[kind+createdAt]')
        .between([kind, Dexie.minKey], [kind, Dexie.maxKey])
        .reverse()
        .limit(5)
        .toArray(),
    [kind],
  );
  return rows?.map((r) => ({ key: r.id, at: r.createdAt, ...(r.data as QueuedView) })) ?? [];
}
