import { useCallback, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/lib/db';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_PAGE,
  unreadCount,
} from '@/lib/db/notifications';

/** Sets the app badge (where the Badging API exists) to the unread count after a change on the page. */
async function syncBadge(): Promise<void> {
  if (!('setAppBadge' in navigator)) return;
  const unread = await unreadCount(db);
  await (unread === 0 ? navigator.clearAppBadge() : navigator.setAppBadge(unread));
}

const logBadge = (error: unknown) => console.warn('notifications: could not update the app badge', error);

/**
 * The notification centre's list from Dexie (what the worker stored), newest first, one page more
 * at a time; live, so a push arriving while the centre is open shows at once. Works offline.
 */
export function useNotificationList() {
  const [limit, setLimit] = useState(NOTIFICATION_PAGE);
  // One row beyond the page says whether there is more.
  const rows = useLiveQuery(() => listNotifications(db, limit + 1), [limit]);
  const loadMore = useCallback(async () => setLimit((l) => l + NOTIFICATION_PAGE), []);
  return {
    rows: rows?.slice(0, limit),
    more: rows !== undefined && rows.length > limit,
    loadMore,
  };
}

/** The unread count (undefined while reading). */
export function useUnreadCount(): number | undefined {
  return useLiveQuery(() => unreadCount(db), []);
}

export async function markRead(id: string): Promise<void> {
  if (await markNotificationRead(db, id)) await syncBadge().catch(logBadge);
}

export async function markAllRead(): Promise<void> {
  if ((await markAllNotificationsRead(db)) > 0) await syncBadge().catch(logBadge);
}
