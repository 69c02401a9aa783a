import { noticeList, noticeRead, noticeReadAll, noticeUnread, type Notice } from '@contract/notice';
import type { PushCategory } from '@contract/push';
import type { NotificationRow } from '@/lib/db';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the centre keeps its stored copy.
const quiet = { silent: true } as const;

export const fetchNotices = (beforeId?: number) =>
  call(noticeList, beforeId === undefined ? {} : { before_id: beforeId }, quiet);
export const fetchUnread = () => call(noticeUnread, {}, quiet);
export const sendRead = (id: number) => call(noticeRead, { id }, quiet);
export const sendReadAll = (category?: PushCategory) => call(noticeReadAll, category ? { category } : {});

/** A notice of the server's inbox as the device stores it (the same row a push stores: its id is the notice id). */
export const noticeRow = (n: Notice, now: number): NotificationRow => ({
  id: String(n.id),
  category: n.category,
  title: n.title,
  body: n.body,
  route: n.route,
  actions: n.actions.map((a) => ({ action: a.action, title: a.title, route: a.route })),
  createdAt: n.created_at,
  receivedAt: now,
  read: n.read ? 1 : 0,
});
