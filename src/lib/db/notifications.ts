import type { AppDatabase, NotificationRow } from './schema';

/**
 * The notification centre's rows, shared by the service worker (which stores what a push
 * delivers) and the page (which lists them and marks them read). Pure Dexie, no DOM.
 */

/** Page size of the notification centre. */
export const NOTIFICATION_PAGE = 20;

/**
 * Stores a delivered notification unless one with its id is already there (the server delivers
 * at least once). Resolves true when the row is new.
 */
export async function storeNotification(db: AppDatabase, row: NotificationRow): Promise<boolean> {
  return db.transaction('rw', db.notifications, async () => {
    if (await db.notifications.get(row.id)) return false;
    await db.notifications.add(row);
    return true;
  });
}

/** The stored notification with this id, if any. */
export function getNotification(db: AppDatabase, id: string): Promise<NotificationRow | undefined> {
  return db.notifications.get(id);
}

/** Newest first: the first `limit` rows, or those after `offset` for the next page. */
export function listNotifications(db: AppDatabase, limit = NOTIFICATION_PAGE, offset = 0): Promise<NotificationRow[]> {
  return db.notifications.orderBy('createdAt').reverse().offset(offset).limit(limit).toArray();
}

export function unreadCount(db: AppDatabase): Promise<number> {
  return db.notifications.where('read').equals(0).count();
}

/** Marks one notification read; resolves true when it was unread. */
export async function markNotificationRead(db: AppDatabase, id: string): Promise<boolean> {
  return (
    (await db.notifications
      .where('id')
      .equals(id)
      .and((row) => row.read === 0)
      .modify({ read: 1 })) > 0
  );
}

/** Marks every notification read; resolves with how many were unread. */
export function markAllNotificationsRead(db: AppDatabase): Promise<number> {
  return db.notifications.where('read').equals(0).modify({ read: 1 });
}

/**
 * Stores notices read from the server's inbox: their texts (in the current language) replace the
 * stored ones, and a notice read on either side stays read (one marked here while offline too).
 */
export async function putNotifications(db: AppDatabase, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction('rw', db.notifications, async () => {
    const stored = await db.notifications.bulkGet(rows.map((r) => r.id));
    await db.notifications.bulkPut(rows.map((r, i) => (stored[i]?.read === 1 ? { ...r, read: 1 } : r)));
  });
}
