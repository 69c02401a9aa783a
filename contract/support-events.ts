import { z } from 'zod';
import { chatMessageSchema } from './support';

/**
 * Live events of the chat room and customer service (socket.io; the event name is the payload
 * `type`). Client → server: `join` / `leave` `{room: 'chat' | 'staff'}` after `login`; `staff` is
 * for support and admin accounts only.
 */
export const LIVE_ROOMS = ['chat', 'staff'] as const;
export type LiveRoom = (typeof LIVE_ROOMS)[number];
export const joinMessage = z.object({ room: z.enum(LIVE_ROOMS) });

/** A message posted to the chat room (room `chat`). */
export const CHAT_MESSAGE_EVENT = 'chat_message';
export const chatMessageEvent = z.object({ type: z.literal(CHAT_MESSAGE_EVENT), message: chatMessageSchema });
export type ChatMessageEvent = z.infer<typeof chatMessageEvent>;

/** Staff deleted a chat message: every screen removes it (room `chat`). */
export const CHAT_DELETED_EVENT = 'chat_deleted';
export const chatDeletedEvent = z.object({ type: z.literal(CHAT_DELETED_EVENT), id: z.number().int() });
export type ChatDeletedEvent = z.infer<typeof chatDeletedEvent>;

export type ChatEvent = ChatMessageEvent | ChatDeletedEvent;

/**
 * A customer-service message was written (to the user's room and to `staff`). Carries no text:
 * screens fetch the conversation; `unread` is the user's unread count (staff messages).
 */
export const SUPPORT_EVENT = 'support';
export const supportEvent = z.object({
  type: z.literal(SUPPORT_EVENT),
  conversation_id: z.number().int(),
  message_id: z.number().int(),
  from_staff: z.boolean(),
  unread: z.number().int(),
});
export type SupportEvent = z.infer<typeof supportEvent>;
