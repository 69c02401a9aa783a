import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/support';
import {
  CHAT_DELETED_EVENT,
  CHAT_MESSAGE_EVENT,
  SUPPORT_EVENT,
  type ChatDeletedEvent,
  type ChatMessageEvent,
  type SupportEvent,
} from '@contract/support-events';
import { AppError } from '../../errors';
import { authorize, bindEndpoint, signedIn } from '../../plugins/contract';
import { userRoom } from '../../realtime/rooms';
import { uploadByName } from '../../admin/repo';
import { ownUpload } from '../../uploads/upload-ref';
import { UPLOAD_NAME, UPLOAD_URL_PREFIX, uploadsDir } from '../../uploads/service';
import { chatPage, deleteChat, muteChat, mutedUntil, postChat } from './chat';
import {
  conversationById,
  conversationOf,
  conversationPage,
  imageInAnyConversation,
  imageInConversationOf,
  markReadByStaff,
  markReadByUser,
  messagePage,
  postAsStaff,
  postAsUser,
  type Posted,
} from './conversations';
import { history, leaderboard, placeGuess, today } from './game';

export const CHAT_ROOM = 'chat';
export const STAFF_ROOM = 'staff';

/** Chat room, customer service and the mini game (contract/support.ts). */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const io = () => app.realtime.io;

  /* Chat room */

  bindEndpoint(app, contract.chatHistory, async ({ before_id, limit }, h) => ({
    ...(await chatPage(h.ctx.db, before_id, limit)),
    muted_until: await mutedUntil(h.ctx.db, signedIn(h).user.id, h.ctx.now()),
  }));

  bindEndpoint(app, contract.chatSend, async ({ content }, h) => {
    const { user } = signedIn(h);
    const message = await postChat(h.ctx.db, user, content, h.ctx.now());
    io()
      .to(CHAT_ROOM)
      .emit(CHAT_MESSAGE_EVENT, { type: CHAT_MESSAGE_EVENT, message } satisfies ChatMessageEvent);
    return message;
  });

  bindEndpoint(app, contract.adminChatDelete, async ({ id, reason }, h) => {
    const deleted = await deleteChat(h.ctx.db, signedIn(h).user.id, id, reason, h.ctx.now());
    if (deleted)
      io()
        .to(CHAT_ROOM)
        .emit(CHAT_DELETED_EVENT, { type: CHAT_DELETED_EVENT, id } satisfies ChatDeletedEvent);
    return { deleted };
  });

  bindEndpoint(app, contract.adminChatMute, async ({ user_id, minutes, reason }, h) => ({
    user_id,
    muted_until: await muteChat(h.ctx.db, signedIn(h).user.id, user_id, minutes, reason, h.ctx.now()),
  }));

  /* Customer service */

  const announce = ({ message, conversation }: Posted) => {
    const event: SupportEvent = {
      type: SUPPORT_EVENT,
      conversation_id: conversation.id,
      message_id: message.id,
      from_staff: message.from_staff,
      unread: conversation.unreadUser,
    };
    io()
      .to([userRoom(conversation.userId), STAFF_ROOM])
      .emit(SUPPORT_EVENT, event);
  };

  /** Text and image of a post: at least one of them; the image must be the sender's own upload. */
  const postBody = async (senderId: number, content: string | undefined, image: string | undefined) => {
    const text = content ?? '';
    const ref = image ? await ownUpload(ctx, senderId, image, 'image') : null;
    if (!text && !ref) throw new AppError('support_message_empty', { field: 'content' });
    return { text, ref };
  };

  bindEndpoint(app, contract.supportMessages, async ({ before_id, limit }, h) => {
    const conversation = await conversationOf(h.ctx.db, signedIn(h).user.id);
    return messagePage(h.ctx.db, conversation?.id, before_id, limit);
  });

  bindEndpoint(app, contract.supportSend, async ({ content, image }, h) => {
    const { user } = signedIn(h);
    const { text, ref } = await postBody(user.id, content, image);
    const posted = await postAsUser(h.ctx.db, user.id, text, ref, h.ctx.now());
    announce(posted);
    return posted.message;
  });

  bindEndpoint(app, contract.supportUnread, async (_input, h) => ({
    unread: (await conversationOf(h.ctx.db, signedIn(h).user.id))?.unreadUser ?? 0,
  }));

  bindEndpoint(app, contract.supportRead, async (_input, h) => {
    await markReadByUser(h.ctx.db, signedIn(h).user.id);
    return { unread: 0 };
  });

  bindEndpoint(app, contract.adminSupportConversations, async (page, h) => conversationPage(h.ctx.db, page));

  bindEndpoint(app, contract.adminSupportMessages, async ({ conversation_id, before_id, limit }, h) => {
    const conversation = await conversationById(h.ctx.db, conversation_id);
    if (!conversation) throw new AppError('record_not_found', { field: 'conversation_id' });
    return messagePage(h.ctx.db, conversation.id, before_id, limit);
  });

  bindEndpoint(app, contract.adminSupportReply, async ({ conversation_id, content, image }, h) => {
    const staff = signedIn(h).user;
    const { text, ref } = await postBody(staff.id, content, image);
    // A push only when none of the user's devices has the app open (a live, logged-in connection).
    const appClosed = async (userId: number) => (await io().in(userRoom(userId)).fetchSockets()).length === 0;
    const posted = await postAsStaff(h.ctx.db, staff.id, conversation_id, text, ref, h.ctx.now(), appClosed);
    announce(posted);
    return posted.message;
  });

  bindEndpoint(app, contract.adminSupportRead, async ({ conversation_id }, h) => {
    if (!(await markReadByStaff(h.ctx.db, conversation_id))) {
      throw new AppError('record_not_found', { field: 'conversation_id' });
    }
    return { unread: 0 };
  });

  // Images of a conversation: its user and staff read them (uploads are otherwise owner-only).
  app.get<{ Params: { name: string } }>('/api/kefu/image/:name', { schema: { hide: true } }, async (req, reply) => {
    const auth = await authorize(req, ctx, true);
    const { name } = req.params;
    const ref = UPLOAD_URL_PREFIX + name;
    const allowed =
      auth !== null &&
      UPLOAD_NAME.test(name) &&
      (auth.user.role === 'user'
        ? await imageInConversationOf(ctx.db, auth.user.id, ref)
        : await imageInAnyConversation(ctx.db, ref));
    const row = allowed ? await uploadByName(ctx.db, name) : undefined;
    if (!row) throw new AppError('not_found', { status: 404 });
    const bytes = await readFile(join(uploadsDir(ctx), name));
    return reply
      .type(row.mime)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', 'inline')
      .send(bytes);
  });

  /* Mini game */

  bindEndpoint(app, contract.gameToday, async (_input, h) => today(h.ctx.db, signedIn(h).user.id, h.ctx.now()));
  bindEndpoint(app, contract.gameGuess, async ({ direction }, h) =>
    placeGuess(h.ctx.db, signedIn(h).user.id, direction, h.ctx.now()),
  );
  bindEndpoint(app, contract.gameHistory, async (page, h) => history(h.ctx.db, signedIn(h).user.id, page));
  bindEndpoint(app, contract.gameLeaderboard, async (page, h) => leaderboard(h.ctx.db, page));
}
