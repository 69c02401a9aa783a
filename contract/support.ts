import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { count, decimal, id, limit, paging, text } from './domain/wire';
import { uploadRef } from './fund';

/**
 * The public chat room, customer service and the mini game (issue 13 section 5; routes
 * `kefu/index` and `game/game`). Messages are plain text: they are stored as typed and every
 * screen renders them as text, never as HTML.
 *
 * Live: chat messages and deletions go to the socket.io room `chat` (a signed-in connection joins
 * it with `join {room: 'chat'}`); a new customer-service message sends `support` to the user's
 * private room and to `staff` (support and admin connections). See contract/support-events.ts.
 */

/** Longest chat message and customer-service text (UTF-16 units). */
export const CHAT_MAX = 500;
export const SUPPORT_MAX = 1000;
/** Chat posts a user may make within `CHAT_WINDOW_MS`; more are refused until the window ends. */
export const CHAT_BURST = 5;
export const CHAT_WINDOW_MS = 10_000;
/** Longest mute staff can set (30 days). */
export const MUTE_MAX_MINUTES = 43_200;

/** Messages before `before_id` (older), newest first; the first page without it. */
const olderPage = z.object({ before_id: id().optional(), limit: limit(30, 50) });

export const chatMessageSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The author's nickname, else a masked account name. */
  name: z.string(),
  /** Written by staff (support or admin). */
  staff: z.boolean(),
  content: z.string(),
  created_at: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistory = endpoint({
  method: 'GET',
  path: '/chat/history',
  auth: true,
  summary: 'Chat room messages, newest first, older pages by before_id; and until when the caller is muted',
  tags: ['support'],
  request: olderPage,
  response: z.object({
    list: z.array(chatMessageSchema),
    has_more: z.boolean(),
    /** Epoch ms the caller may post again, null when not muted. */
    muted_until: z.number().int().nullable(),
  }),
});

export const chatSend = endpoint({
  method: 'POST',
  path: '/chat/send',
  auth: true,
  summary: `Post plain text to the chat room (at most ${CHAT_MAX} characters, ${CHAT_BURST} posts per ${CHAT_WINDOW_MS / 1000} s)`,
  tags: ['support'],
  request: z.object({
    content: text({ max: CHAT_MAX, multiline: true }).pipe(z.string().min(1, { error: 'field_required' })),
  }),
  response: chatMessageSchema,
});

export const adminChatDelete = endpoint({
  method: 'POST',
  path: '/admin/chat/delete',
  auth: 'staff',
  summary: 'Delete a chat message for everyone (audited)',
  tags: ['support', 'admin'],
  request: z.object({ id: id(), reason: text().optional() }),
  response: z.object({ deleted: z.boolean() }),
});

export const adminChatMute = endpoint({
  method: 'POST',
  path: '/admin/chat/mute',
  auth: 'staff',
  summary: 'Mute a user in the chat room for a number of minutes; 0 lifts the mute (audited)',
  tags: ['support', 'admin'],
  request: z.object({
    user_id: id(),
    minutes: count('field_invalid', MUTE_MAX_MINUTES),
    reason: text().optional(),
  }),
  response: z.object({ user_id: z.number().int(), muted_until: z.number().int().nullable() }),
});

/* Customer service: one conversation per user with the staff. */

export const supportMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Written by staff; otherwise by the conversation's user. */
  from_staff: z.boolean(),
  content: z.string(),
  /** An image reference, read at `/api/kefu/image/<name>` by the user and staff. */
  image: z.string().nullable(),
  created_at: z.number().int(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

const supportPage = z.object({
  conversation_id: z.number().int().nullable(),
  list: z.array(supportMessageSchema),
  has_more: z.boolean(),
});

/** Text (may be empty when an image is sent) and at most one image per message. */
const supportPost = {
  content: text({ max: SUPPORT_MAX, multiline: true }).optional(),
  image: uploadRef('field_required').optional(),
};

export const supportMessages = endpoint({
  method: 'GET',
  path: '/kefu/messages',
  auth: true,
  summary: "The caller's customer-service conversation, newest first, older pages by before_id",
  tags: ['support'],
  request: olderPage,
  response: supportPage,
});

export const supportSend = endpoint({
  method: 'POST',
  path: '/kefu/send',
  auth: true,
  summary: 'Send a message to customer service: text, one image (from /upload), or both',
  tags: ['support'],
  request: z.object(supportPost),
  response: supportMessageSchema,
});

export const supportUnread = endpoint({
  method: 'GET',
  path: '/kefu/unread',
  auth: true,
  summary: 'Staff messages the caller has not read yet',
  tags: ['support'],
  request: z.object({}),
  response: z.object({ unread: z.number().int() }),
});

export const supportRead = endpoint({
  method: 'POST',
  path: '/kefu/read',
  auth: true,
  summary: 'Mark the staff messages of the conversation read',
  tags: ['support'],
  request: z.object({}),
  response: z.object({ unread: z.number().int() }),
});

export const supportConversationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The user's account name (email or mobile) as staff see it. */
  account: z.string(),
  nickname: z.string(),
  last_message: z.string(),
  last_at: z.number().int(),
  /** User messages staff have not read. */
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const adminSupportConversations = endpoint({
  method: 'GET',
  path: '/admin/support/conversations',
  auth: 'staff',
  summary: 'Customer-service conversations, unread first, then newest; with the total unread',
  tags: ['support', 'admin'],
  request: paging(),
  response: pagedSchema(supportConversationSchema).extend({ unread_total: z.number().int() }),
});

export const adminSupportMessages = endpoint({
  method: 'GET',
  path: '/admin/support/messages',
  auth: 'staff',
  summary: 'Messages of one conversation, newest first, older pages by before_id',
  tags: ['support', 'admin'],
  request: olderPage.extend({ conversation_id: id() }),
  response: supportPage,
});

export const adminSupportReply = endpoint({
  method: 'POST',
  path: '/admin/support/reply',
  auth: 'staff',
  summary: "Answer a conversation with text and/or one image (audited); pushes to the user's devices",
  tags: ['support', 'admin'],
  request: z.object({ conversation_id: id(), ...supportPost }),
  response: supportMessageSchema,
});

export const adminSupportRead = endpoint({
  method: 'POST',
  path: '/admin/support/read',
  auth: 'staff',
  summary: 'Mark the user messages of a conversation read by staff',
  tags: ['support', 'admin'],
  request: z.object({ conversation_id: id() }),
  response: z.object({ unread: z.number().int() }),
});

/* Mini game: a daily price-direction quiz with points. No money is involved. */

export const GAME_PAIR = 'BTC/USDT';
/** Points for a right guess. */
export const GAME_POINTS = 10;
export const GAME_DIRECTIONS = ['up', 'down'] as const;
export type GameDirection = (typeof GAME_DIRECTIONS)[number];

export const gameGuessSchema = z.object({
  /** Start of the UTC day guessed (epoch ms). */
  day: z.number().int(),
  direction: z.enum(GAME_DIRECTIONS),
  /** `open` until the day is settled; `void` when no price was recorded for it. */
  status: z.enum(['open', 'won', 'lost', 'tie', 'void']),
  points: z.number().int(),
  /** The day's recorded open and close, once settled. */
  open: decimal().nullable(),
  close: decimal().nullable(),
  created_at: z.number().int(),
});
export type GameGuess = z.infer<typeof gameGuessSchema>;

export const gameToday = endpoint({
  method: 'GET',
  path: '/game/today',
  auth: true,
  summary: "The round open for guesses (the next UTC day), the caller's guesses and points",
  tags: ['game'],
  request: z.object({}),
  response: z.object({
    pair: z.string(),
    /** The day a guess made now is for, and when guessing for it closes (its start). */
    round_day: z.number().int(),
    closes_at: z.number().int(),
    /** The caller's guess for that day, if made. */
    guess: gameGuessSchema.nullable(),
    /** The caller's guess for the day in progress (settled after it ends), if made. */
    running: gameGuessSchema.nullable(),
    points: z.number().int(),
    /** The caller's rank by points (1 is first), null without points. */
    rank: z.number().int().nullable(),
    points_per_win: z.number().int(),
  }),
});

export const gameGuess = endpoint({
  method: 'POST',
  path: '/game/guess',
  auth: true,
  summary: 'Guess whether the next UTC day closes above (up) or below (down) its open; once per day',
  tags: ['game'],
  request: z.object({ direction: z.enum(GAME_DIRECTIONS, { error: 'field_invalid' }) }),
  response: gameGuessSchema,
});

export const gameHistory = endpoint({
  method: 'GET',
  path: '/game/history',
  auth: true,
  summary: "The caller's guesses, newest first",
  tags: ['game'],
  request: paging(),
  response: pagedSchema(gameGuessSchema),
});

export const gameLeaderboard = endpoint({
  method: 'GET',
  path: '/game/leaderboard',
  auth: true,
  summary: 'Players by points, most first',
  tags: ['game'],
  request: paging(),
  response: pagedSchema(
    z.object({ rank: z.number().int(), name: z.string(), points: z.number().int(), wins: z.number().int() }),
  ),
});
