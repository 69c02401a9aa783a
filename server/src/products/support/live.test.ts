import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import * as support from '@contract/support';
import type { ChatMessage, SupportMessage } from '@contract/support';
import { users } from '../../db/schema/index';
import { clientFactory, collect, listen, nextEvent } from '../../testing/socket-client';
import { registerUser } from '../../testing/accounts';
import { describeOnOneDatabase } from '../../testing/suite';

const clients = clientFactory();
afterEach(() => clients.closeAll());

describeOnOneDatabase('chat and customer service, live', ({ app }) => {
  it('delivers chat posts and deletions to joined connections; the staff room is for staff only', async () => {
    const t = app();
    const url = await listen(t.app);
    const a = await registerUser(t);
    const staff = await registerUser(t);
    await t.app.ctx.db.update(users).set({ role: 'support' }).where(eq(users.id, staff.user.id));

    const reader = await clients.connect(url);
    // Login and join sent back to back: the join waits for the login.
    reader.emit('login', { token: a.token });
    expect(await reader.emitWithAck('join', { room: 'chat' })).toEqual({ type: 'ok', room: 'chat' });
    expect(await reader.emitWithAck('join', { room: 'staff' })).toMatchObject({ type: 'error', message: 'forbidden' });
    const anonymous = await clients.connect(url);
    expect(await anonymous.emitWithAck('join', { room: 'chat' })).toMatchObject({
      type: 'error',
      message: 'login_required',
    });
    expect(await anonymous.emitWithAck('join', { room: 'lobby' })).toMatchObject({ message: 'invalid_message' });

    const posted = nextEvent<{ message: ChatMessage }>(reader, 'chat_message');
    const sent = (await t.call(support.chatSend, { content: '<b>hi</b>' }, { token: a.token })).body
      .message as ChatMessage;
    expect((await posted).message).toEqual(sent);
    const deleted = nextEvent(reader, 'chat_deleted');
    await t.call(support.adminChatDelete, { id: sent.id }, { token: staff.token });
    expect(await deleted).toEqual({ type: 'chat_deleted', id: sent.id });

    const desk = await clients.connect(url, { token: staff.token });
    await expect
      .poll(async () => (await desk.emitWithAck('join', { room: 'staff' })) as unknown)
      .toEqual({ type: 'ok', room: 'staff' });
    const toStaff = nextEvent(desk, 'support');
    const toUser = nextEvent(reader, 'support');
    const silent = collect(anonymous, 300);
    const m = (await t.call(support.supportSend, { content: 'help' }, { token: a.token })).body
      .message as SupportMessage;
    const event = {
      type: 'support',
      conversation_id: m.conversation_id,
      message_id: m.id,
      from_staff: false,
      unread: 0,
    };
    expect(await toStaff).toEqual(event);
    expect(await toUser).toEqual(event);
    expect(await silent).toEqual([]);

    const answered = nextEvent(reader, 'support');
    await t.call(
      support.adminSupportReply,
      { conversation_id: m.conversation_id, content: 'hello' },
      { token: staff.token },
    );
    expect(await answered).toMatchObject({ from_staff: true, unread: 1 });
  });
});
