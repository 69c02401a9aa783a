import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as support from '@contract/support';
import type { ChatMessage, SupportMessage } from '@contract/support';
import { auditLog, candles, gameGuesses, pushOutbox, pushSubscriptions, users } from '../../db/schema/index';
import type { Tx } from '../../ledger/types';
import { instrumentBySymbol } from '../../market/catalog';
import { translate } from '../../i18n';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { describeEachDatabase } from '../../testing/suite';
import { uploadImage } from '../../testing/fund';
import { DAY_MS, SETTLE_DELAY_MS, dayStart, settleDay, settleDue } from './game';

async function staffUser(t: TestApp, role: 'support' | 'admin' = 'support') {
  const u = await registerUser(t);
  await t.app.ctx.db.update(users).set({ role }).where(eq(users.id, u.user.id));
  return u;
}

const en = (token: string) => ({ token, lang: 'en' });

describeEachDatabase('chat room', ({ app }) => {
  it('posts plain text, pages history newest first, and refuses bad input', async () => {
    const t = app();
    const a = await registerUser(t);
    const html = '<img src=x onerror=alert(1)> <b>hi</b>';
    const sent = (await t.call(support.chatSend, { content: html }, en(a.token))).body;
    expect(sent).toMatchObject({ type: 'ok', message: { content: html, user_id: a.user.id, staff: false } });
    for (let i = 0; i < 3; i++) {
      t.clock.advance(support.CHAT_WINDOW_MS);
      await t.call(support.chatSend, { content: `m${i}` }, en(a.token));
    }
    const first = (await t.call(support.chatHistory, { limit: 2 }, en(a.token))).body.message as {
      list: ChatMessage[];
      has_more: boolean;
    };
    expect(first.list.map((m) => m.content)).toEqual(['m2', 'm1']);
    expect(first.has_more).toBe(true);
    const older = (await t.call(support.chatHistory, { limit: 2, before_id: first.list[1]!.id }, en(a.token))).body
      .message as { list: ChatMessage[]; has_more: boolean };
    expect(older.list.map((m) => m.content)).toEqual(['m0', html]);
    expect(older.has_more).toBe(false);

    expect((await t.call(support.chatHistory, {})).body.type).toBe('999');
    expect((await t.call(support.chatSend, { content: 'x' })).body.type).toBe('999');
    const bad = async (content: unknown) => (await t.call(support.chatSend, { content }, en(a.token))).body;
    expect(await bad('')).toEqual({ type: 'error', message: translate('en', 'field_required', { field: 'content' }) });
    expect(await bad('x'.repeat(support.CHAT_MAX + 1))).toEqual({
      type: 'error',
      message: translate('en', 'field_too_long', { field: 'content' }),
    });
    expect((await bad('a\u0000b')).type).toBe('error');
    expect((await t.call(support.chatHistory, { limit: 500 }, en(a.token))).body.type).toBe('error');
  });

  it('a concurrent burst of posts is held to the rate limit', async () => {
    const t = app();
    const a = await registerUser(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call(support.chatSend, { content: `burst ${i}` }, en(a.token))),
    );
    const ok = replies.filter((r) => r.body.type === 'ok');
    expect(ok).toHaveLength(support.CHAT_BURST);
    expect(replies.find((r) => r.body.type !== 'ok')?.body).toEqual({
      type: 'error',
      message: translate('en', 'chat_rate_limited', { seconds: 10 }),
    });
    // Refused posts are not counted against later windows: the next window accepts again.
    t.clock.advance(support.CHAT_WINDOW_MS + 1);
    expect((await t.call(support.chatSend, { content: 'later' }, en(a.token))).body.type).toBe('ok');
  });

  it('staff delete a message for everyone and mute a user; both audited; users cannot moderate', async () => {
    const t = app();
    const a = await registerUser(t);
    const b = await registerUser(t);
    const staff = await staffUser(t);
    const m = (await t.call(support.chatSend, { content: 'spam' }, en(a.token))).body.message as ChatMessage;
    await t.call(support.chatSend, { content: 'fine' }, en(b.token));

    const refused = await t.call(support.adminChatDelete, { id: m.id }, en(b.token));
    expect(refused.status).toBe(403);
    expect((await t.call(support.adminChatMute, { user_id: a.user.id, minutes: 5 }, en(b.token))).status).toBe(403);

    expect((await t.call(support.adminChatDelete, { id: m.id, reason: 'spam' }, en(staff.token))).body).toEqual({
      type: 'ok',
      message: { deleted: true },
    });
    expect((await t.call(support.adminChatDelete, { id: m.id }, en(staff.token))).body.message).toEqual({
      deleted: false,
    });
    expect((await t.call(support.adminChatDelete, { id: 999_999 }, en(staff.token))).body.message).toEqual({
      deleted: false,
    });
    const list = (await t.call(support.chatHistory, {}, en(b.token))).body.message as { list: ChatMessage[] };
    expect(list.list[0]?.content).toBe('fine');
    expect(list.list.map((x) => x.id)).not.toContain(m.id);

    const muted = (await t.call(support.adminChatMute, { user_id: a.user.id, minutes: 30 }, en(staff.token))).body;
    expect(muted).toMatchObject({ type: 'ok', message: { user_id: a.user.id } });
    expect((await t.call(support.chatSend, { content: 'hello' }, en(a.token))).body).toEqual({
      type: 'error',
      message: translate('en', 'chat_muted', { minutes: 30 }),
    });
    const mine = (await t.call(support.chatHistory, {}, en(a.token))).body.message as { muted_until: number | null };
    expect(mine.muted_until).toBe(t.clock.now().getTime() + 30 * 60_000);
    t.clock.advance(31 * 60_000);
    expect((await t.call(support.chatSend, { content: 'back' }, en(a.token))).body.type).toBe('ok');
    expect((await t.call(support.adminChatMute, { user_id: 999_999, minutes: 5 }, en(staff.token))).body.type).toBe(
      'error',
    );
    expect((await t.call(support.adminChatMute, { user_id: a.user.id, minutes: -1 }, en(staff.token))).body.type).toBe(
      'error',
    );

    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.adminId, staff.user.id));
    expect(audits.map((r) => r.action).sort()).toEqual(['chat.delete', 'chat.mute']);
    const del = audits.find((r) => r.action === 'chat.delete')!;
    expect(del.before).toMatchObject({ deletedAt: null });
    expect(del.after).toMatchObject({ deletedBy: staff.user.id });
  });
});

describeEachDatabase('customer service', ({ app }) => {
  it('a user writes with text and an image, staff answer, unread counts on both sides', async () => {
    const t = app();
    const a = await registerUser(t);
    const staff = await staffUser(t);
    expect((await t.call(support.supportMessages, {}, en(a.token))).body.message).toEqual({
      conversation_id: null,
      list: [],
      has_more: false,
    });
    const image = await uploadImage(t, a.token);
    const first = (await t.call(support.supportSend, { content: 'Where is my deposit?', image }, en(a.token))).body
      .message as SupportMessage;
    expect(first).toMatchObject({ from_staff: false, content: 'Where is my deposit?', image });
    await t.call(support.supportSend, { content: 'hello?' }, en(a.token));

    const convs = (await t.call(support.adminSupportConversations, {}, en(staff.token))).body.message as {
      data: { id: number; unread: number; user_id: number; last_message: string }[];
      unread_total: number;
    };
    expect(convs.data).toEqual([
      expect.objectContaining({ id: first.conversation_id, user_id: a.user.id, unread: 2, last_message: 'hello?' }),
    ]);
    expect(convs.unread_total).toBe(2);

    // Staff read the user's image; the user reads it too; nobody else does.
    const img = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/kefu/image/${image.split('/').pop()}`,
        headers: { authorization: token },
      });
    expect((await img(staff.token)).statusCode).toBe(200);
    expect((await img(a.token)).statusCode).toBe(200);
    const other = await registerUser(t);
    expect((await img(other.token)).statusCode).toBe(404);

    const staffImage = await uploadImage(t, staff.token);
    const answer = (
      await t.call(
        support.adminSupportReply,
        { conversation_id: first.conversation_id, content: 'Found it', image: staffImage },
        en(staff.token),
      )
    ).body.message as SupportMessage;
    expect(answer).toMatchObject({ from_staff: true, content: 'Found it', image: staffImage });
    expect((await t.call(support.supportUnread, {}, en(a.token))).body.message).toEqual({ unread: 1 });
    const staffImg = await t.app.inject({
      method: 'GET',
      url: `/api/kefu/image/${staffImage.split('/').pop()}`,
      headers: { authorization: a.token },
    });
    expect(staffImg.statusCode).toBe(200);
    const after = (await t.call(support.adminSupportConversations, {}, en(staff.token))).body.message as {
      unread_total: number;
    };
    expect(after.unread_total).toBe(0);

    const thread = (await t.call(support.supportMessages, {}, en(a.token))).body.message as {
      list: SupportMessage[];
    };
    expect(thread.list.map((m) => m.content)).toEqual(['Found it', 'hello?', 'Where is my deposit?']);
    expect((await t.call(support.supportRead, {}, en(a.token))).body.message).toEqual({ unread: 0 });
    expect((await t.call(support.supportUnread, {}, en(a.token))).body.message).toEqual({ unread: 0 });

    await t.call(support.supportSend, { content: 'thanks' }, en(a.token));
    expect(
      (await t.call(support.adminSupportRead, { conversation_id: first.conversation_id }, en(staff.token))).body
        .message,
    ).toEqual({ unread: 0 });
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.adminId, staff.user.id));
    expect(audits.map((r) => r.action)).toEqual(['support.reply']);
  });

  it("keeps conversations apart: users never reach another's; support reads all", async () => {
    const t = app();
    const a = await registerUser(t);
    const b = await registerUser(t);
    const admin = await staffUser(t, 'admin');
    const aMsg = (await t.call(support.supportSend, { content: 'A private' }, en(a.token))).body
      .message as SupportMessage;
    await t.call(support.supportSend, { content: 'B private' }, en(b.token));
    const bThread = (await t.call(support.supportMessages, {}, en(b.token))).body.message as {
      list: SupportMessage[];
    };
    expect(bThread.list.map((m) => m.content)).toEqual(['B private']);
    // Staff endpoints with another's conversation id: refused to users.
    const id = { conversation_id: aMsg.conversation_id };
    expect((await t.call(support.adminSupportMessages, id, en(b.token))).status).toBe(403);
    expect((await t.call(support.adminSupportReply, { ...id, content: 'x' }, en(b.token))).status).toBe(403);
    expect((await t.call(support.adminSupportConversations, {}, en(b.token))).status).toBe(403);
    // Another user's image cannot be attached.
    const aImage = await uploadImage(t, a.token);
    expect((await t.call(support.supportSend, { image: aImage }, en(b.token))).body).toEqual({
      type: 'error',
      message: translate('en', 'upload_not_found', { field: 'image' }),
    });
    const all = (await t.call(support.adminSupportMessages, id, en(admin.token))).body.message as {
      list: SupportMessage[];
    };
    expect(all.list.map((m) => m.content)).toEqual(['A private']);
    expect((await t.call(support.adminSupportMessages, { conversation_id: 999_999 }, en(admin.token))).body.type).toBe(
      'error',
    );
    expect((await t.call(support.supportSend, {}, en(a.token))).body).toEqual({
      type: 'error',
      message: translate('en', 'support_message_empty', { field: 'content' }),
    });
    expect(
      (await t.call(support.supportSend, { content: 'x'.repeat(support.SUPPORT_MAX + 1) }, en(a.token))).body.type,
    ).toBe('error');
    expect((await t.call(support.supportSend, { content: 'hi' })).body.type).toBe('999');
  });

  it('queues a push to the user when staff answer and no app is open', async () => {
    const t = app();
    const a = await registerUser(t);
    const staff = await staffUser(t);
    const now = t.clock.now();
    await t.app.ctx.db.insert(pushSubscriptions).values({
      userId: a.user.id,
      endpoint: `https://push.example.com/${a.user.id}`,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      locale: 'fra',
      createdAt: now,
      updatedAt: now,
    });
    const m = (await t.call(support.supportSend, { content: 'hello' }, en(a.token))).body.message as SupportMessage;
    await t.call(
      support.adminSupportReply,
      { conversation_id: m.conversation_id, content: 'Bonjour !' },
      en(staff.token),
    );
    const rows = await t.app.ctx.db.select().from(pushOutbox).where(eq(pushOutbox.userId, a.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event).toMatchObject({ type: 'support.reply', preview: 'Bonjour !' });
  });
});

describeEachDatabase('mini game', ({ app }) => {
  const btc = instrumentBySymbol.get(support.GAME_PAIR)!.id;

  it('takes one guess per user for the next UTC day, a concurrent burst included', async () => {
    const t = app();
    // A day no other test of this database settles: which guess of the burst is taken is a race,
    // and a winning one would show on the leaderboard that the next test checks.
    t.clock.advance(10 * DAY_MS);
    const a = await registerUser(t);
    const tomorrow = dayStart(t.clock.now().getTime()) + DAY_MS;
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.call(support.gameGuess, { direction: i % 2 ? 'up' : 'down' }, en(a.token))),
    );
    expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(replies.find((r) => r.body.type !== 'ok')?.body).toEqual({
      type: 'error',
      message: translate('en', 'game_already_guessed'),
    });
    const today = (await t.call(support.gameToday, {}, en(a.token))).body.message as {
      round_day: number;
      guess: { day: number; status: string } | null;
      points: number;
    };
    expect(today.round_day).toBe(tomorrow);
    expect(today.guess).toMatchObject({ day: tomorrow, status: 'open' });
    expect(today.points).toBe(0);
    expect((await t.call(support.gameGuess, { direction: 'sideways' }, en(a.token))).body.type).toBe('error');
    expect((await t.call(support.gameGuess, {}, en(a.token))).body.type).toBe('error');
    expect((await t.call(support.gameGuess, { direction: 'up' })).body.type).toBe('999');
  });

  it('settles a day once from the recorded daily candle; the leaderboard counts the points', async () => {
    const t = app();
    const a = await registerUser(t);
    const b = await registerUser(t);
    const start = t.clock.now();
    const day = dayStart(start.getTime()) + DAY_MS;
    await t.call(support.gameGuess, { direction: 'up' }, en(a.token));
    await t.call(support.gameGuess, { direction: 'down' }, en(b.token));
    // Far from any candle the feed writes in this test: the guessed day has its own record.
    await t.app.ctx.db
      .insert(candles)
      .values({
        pairId: btc,
        period: '1day',
        time: day,
        open: '97000',
        high: '99000',
        low: '96000',
        close: '98000.5',
        volume: '10',
      })
      .onConflictDoUpdate({
        target: [candles.pairId, candles.period, candles.time],
        set: { open: '97000', close: '98000.5' },
      });
    const db = t.app.ctx.db;
    // Not yet due before the day is over (and its delay passed).
    expect(await db.transaction((tx: Tx) => settleDue(tx, new Date(day + DAY_MS)))).toBe(0);
    const after = new Date(day + DAY_MS + SETTLE_DELAY_MS);
    const results = await Promise.allSettled([
      db.transaction((tx: Tx) => settleDay(tx, day, after)),
      db.transaction((tx: Tx) => settleDay(tx, day, after)),
    ]);
    const done = results.filter((r) => r.status === 'fulfilled' && r.value === true);
    expect(done).toHaveLength(1);
    expect(await db.transaction((tx: Tx) => settleDue(tx, after))).toBe(0);
    const rows = (await db.select().from(gameGuesses).where(eq(gameGuesses.day, day))).filter(
      (r) => r.userId === a.user.id || r.userId === b.user.id,
    );
    expect(rows.map((r) => [r.userId, r.status, r.points]).sort()).toEqual(
      [
        [a.user.id, 'won', support.GAME_POINTS],
        [b.user.id, 'lost', 0],
      ].sort(),
    );
    const board = (await t.call(support.gameLeaderboard, {}, en(b.token))).body.message as {
      data: { rank: number; points: number; name: string }[];
    };
    expect(board.data).toEqual([{ rank: 1, name: a.user.nickname, points: support.GAME_POINTS, wins: 1 }]);
    const hist = (await t.call(support.gameHistory, {}, en(a.token))).body.message as {
      data: { status: string; open: string; close: string }[];
    };
    expect(hist.data[0]).toMatchObject({ status: 'won', open: '97000', close: '98000.5' });
    t.clock.set(after);
    const mine = (await t.call(support.gameToday, {}, en(a.token))).body.message as { points: number; rank: number };
    expect(mine).toMatchObject({ points: support.GAME_POINTS, rank: 1 });
  });

  it('a day without recorded prices is void: nobody gains points', async () => {
    const t = app();
    // Another day than the other tests of this database guessed.
    t.clock.advance(5 * DAY_MS);
    const a = await registerUser(t);
    const day = dayStart(t.clock.now().getTime()) + DAY_MS;
    await t.call(support.gameGuess, { direction: 'up' }, en(a.token));
    const db = t.app.ctx.db;
    await db.delete(candles).where(eq(candles.time, day));
    expect(await db.transaction((tx: Tx) => settleDue(tx, new Date(day + DAY_MS + SETTLE_DELAY_MS)))).toBe(1);
    const [row] = await db.select().from(gameGuesses).where(eq(gameGuesses.userId, a.user.id));
    expect(row).toMatchObject({ status: 'void', points: 0 });
  });
});
