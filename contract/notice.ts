import { z } from 'zod';
import { endpoint } from './define';
import { id, limit } from './domain/wire';
import { PUSH_CATEGORIES, pushActionSchema } from './push';

/**
 * The notification inbox: every notice the server told a user (`notify`), kept on the server and
 * read from any device, with its read state. Push is one delivery channel of these notices: a
 * push's payload `id` is the notice's `id` as text. Muting a category (`/push/prefs/set`) stops
 * its pushes only; its notices are still listed here.
 */

/** Notices one page holds by default, and at most. */
export const NOTICE_PAGE = 20;
export const NOTICE_PAGE_MAX = 50;

/** A notice rendered in the request's language (the same texts a push carries). */
export const noticeSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  category: z.enum(PUSH_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** The in-app route a tap opens. */
  route: z.string(),
  actions: z.array(pushActionSchema),
  created_at: z.number().int(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

const category = z.enum(PUSH_CATEGORIES, { error: 'field_invalid' });

/** Unread notices: in all, and per category (every category present, 0 when none). */
export const noticeUnreadSchema = z.object({
  total: z.number().int(),
  by_category: z.object(
    Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, z.number().int()])) as Record<
      (typeof PUSH_CATEGORIES)[number],
      z.ZodNumber
    >,
  ),
});
export type NoticeUnread = z.infer<typeof noticeUnreadSchema>;

/** The signed-in user's notices, newest first; older pages by `before_id`; one category or all. */
export const noticeList = endpoint({
  method: 'GET',
  path: '/notice/list',
  auth: true,
  summary: "The user's notices, newest first, older pages by before_id",
  tags: ['notice'],
  request: z.object({
    before_id: id().optional(),
    limit: limit(NOTICE_PAGE, NOTICE_PAGE_MAX),
    category: category.optional(),
  }),
  response: z.object({ list: z.array(noticeSchema), has_more: z.boolean() }),
});

export const noticeUnread = endpoint({
  method: 'GET',
  path: '/notice/unread',
  auth: true,
  summary: 'Unread notices, in all and per category',
  tags: ['notice'],
  request: z.object({}),
  response: noticeUnreadSchema,
});

/** Marks one of the user's notices read (on every device). Another user's id is not found. */
export const noticeRead = endpoint({
  method: 'POST',
  path: '/notice/read',
  auth: true,
  summary: 'Mark one notice read',
  tags: ['notice'],
  request: z.object({ id: id() }),
  response: noticeUnreadSchema,
});

/** Marks every unread notice read, or those of one category. */
export const noticeReadAll = endpoint({
  method: 'POST',
  path: '/notice/read_all',
  auth: true,
  summary: 'Mark all notices read, or those of one category',
  tags: ['notice'],
  request: z.object({ category: category.optional() }),
  response: noticeUnreadSchema,
});
