import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import type { NoticeUnread } from '@contract/notice';
import { cacheGet, cachePut, db, USER_SCOPE } from '@/lib/db';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_PAGE,
  putNotifications,
  unreadCount,
} from '@/lib/db/notifications';
import { userAtom } from '@/lib/state';
import { fetchNotices, fetchUnread, noticeRow, sendRead, sendReadAll } from '../api/notices';

/**
 * The notification centre reads the server's inbox (every notice, on every device) into the
 * Dexie `notifications` table and lists that table live: it reads offline, and a push the worker
 * stores (its id is the notice id) shows at once. The unread count is the server's, kept in the
 * cache for offline reading and asked again whenever the stored notices change.
 */

const unreadKey = (uid: number) => `${USER_SCOPE}${uid}:notice:unread`;

/** Sets the app badge (where the Badging API exists) to the unread count. */
async function syncBadge(unread: number): Promise<void> {
  if (!('setAppBadge' in navigator)) return;
  await (unread === 0 ? navigator.clearAppBadge() : navigator.setAppBadge(unread));
}

const logBadge = (error: unknown) => console.warn('notifications: could not update the app badge', error);

/** Keeps the server's unread count (from any reply that carries it) and shows it on the badge. */
async function keepUnread(uid: number, unread: NoticeUnread): Promise<void> {
  await cachePut(unreadKey(uid), unread);
  await syncBadge(unread.total).catch(logBadge);
}

/** Stores one page of the inbox (the newest, or the one before `beforeId`); resolves whether older ones exist. */
async function syncPage(beforeId?: number): Promise<{ more: boolean; oldest: number | undefined }> {
  const page = await fetchNotices(beforeId);
  const now = Date.now();
  await putNotifications(
    db,
    page.list.map((n) => noticeRow(n, now)),
  );
  return { more: page.has_more, oldest: page.list.at(-1)?.id };
}

/**
 * The centre's list, newest first, one page more at a time: the stored rows live, the server's
 * pages fetched into them (the newest on open and on refresh, older ones as the list scrolls).
 * `failed`: the server could not be read (offline); the stored rows stay on screen.
 */
export function useNotificationList() {
  const [limit, setLimit] = useState(NOTIFICATION_PAGE);
  const [serverMore, setServerMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const oldest = useRef<number | undefined>(undefined);
  // One row beyond the page says whether more are stored.
  const rows = useLiveQuery(() => listNotifications(db, limit + 1), [limit]);

  const fetchPage = useCallback(async (first: boolean) => {
    try {
      const page = await syncPage(first ? undefined : oldest.current);
      if (first || page.oldest !== undefined) oldest.current = page.oldest ?? oldest.current;
      setServerMore(page.more);
      setFailed(false);
    } catch (error) {
      console.warn('notifications: the inbox could not be read', error);
      setFailed(true);
    } finally {
      setLoaded(true);
    }
  }, []);

  const refresh = useCallback(async () => {
    await fetchPage(true);
    setLimit(NOTIFICATION_PAGE);
  }, [fetchPage]);

  useEffect(() => {
    // Started after this render's effects: the state it sets arrives with the reply.
    void Promise.resolve().then(() => fetchPage(true));
  }, [fetchPage]);

  const storedMore = rows !== undefined && rows.length > limit;
  const loadMore = useCallback(async () => {
    if (!storedMore && serverMore) await fetchPage(false);
    setLimit((l) => l + NOTIFICATION_PAGE);
  }, [storedMore, serverMore, fetchPage]);

  return {
    rows: rows?.slice(0, limit),
    more: rows !== undefined && (storedMore || (serverMore && !failed)),
    failed,
    /** The server was asked once (answered or not): an empty store is then really empty. */
    loaded,
    loadMore,
    refresh,
  };
}

/**
 * The unread count (undefined while reading): the server's, asked again when the stored notices
 * change, or the stored unread rows when more (a push that arrived since, offline).
 */
export function useUnreadCount(): number | undefined {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const stored = useLiveQuery(async () => (await cacheGet<NoticeUnread>(unreadKey(uid))) ?? null, [uid]);
  const changes = useLiveQuery(() => db.notifications.count(), []);
  // Rows a push stored since the last count (or before the inbox existed) are unread too.
  const local = useLiveQuery(() => unreadCount(db), []);
  useEffect(() => {
    if (uid === 0 || changes === undefined) return;
    fetchUnread()
      .then((u) => keepUnread(uid, u))
      .catch((error: unknown) => console.warn('notifications: unread count not refreshed', error));
  }, [uid, changes]);
  if (stored === undefined || local === undefined) return undefined;
  return Math.max(stored?.value.total ?? 0, local);
}

/** Marks a notice read here at once and on the server (every device); its reply is the new count. */
export async function markRead(uid: number, id: string): Promise<void> {
  if (!(await markNotificationRead(db, id))) return;
  // Only notices of the inbox have a numeric id (rows a push stored before there was one do not).
  if (!/^\d+$/.test(id)) return;
  await keepUnread(uid, await sendRead(Number(id))).catch((error: unknown) =>
    console.warn('notifications: read state not sent', error),
  );
}

/** Marks every notice read on the server, then here. */
export async function markAllRead(uid: number): Promise<void> {
  const unread = await sendReadAll();
  await markAllNotificationsRead(db);
  await keepUnread(uid, unread);
}
