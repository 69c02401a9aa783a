import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '@/lib/db';
import { replayAll } from '@/lib/outbox/replay';
import { registerOutboxKind } from '@/lib/outbox/registry';
import { avatarKind, queuedAvatarKind, type AvatarView, type QueuedAvatar } from '../outbox/avatarKind';
import { dismissAvatar, queueAvatar } from './avatarQueue';

let db: AppDatabase;
registerOutboxKind(avatarKind);
let n = 0;
beforeEach(async () => {
  db = openDatabase(`avatar-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const payload = (): QueuedAvatar => ({
  uid: 7,
  token: 'tok',
  lang: 'en',
  image: new Blob([new Uint8Array([255, 216, 255])], { type: 'image/jpeg' }),
  fileName: 'avatar.jpg',
});

const ok = (message: unknown) => new Response(JSON.stringify({ type: 'ok', message }), { status: 200 });
const refusal = (message: string) => new Response(JSON.stringify({ type: 'error', message }), { status: 200 });
const REF = `/api/upload/${'a'.repeat(22)}.jpg`;
const AVATAR = `/api/avatar/${'b'.repeat(32)}.webp`;

/** A server that can be offline, fail the avatar call once, or refuse it. */
function fakeServer() {
  const state = { online: false, uploads: 0, avatarCalls: [] as string[], failOnce: false, refuse: '' };
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url.endsWith('/upload?lang=en')) {
      state.uploads += 1;
      return ok(REF);
    }
    if (state.failOnce) {
      state.failOnce = false;
      return new Response('{}', { status: 503 });
    }
    state.avatarCalls.push(new URLSearchParams(String(init?.body)).get('head_portrait')!);
    return state.refuse ? refusal(state.refuse) : ok({ head_portrait: AVATAR });
  }) as typeof fetch;
  return { state, doFetch };
}

const views = async () =>
  (await db.records.where('kind').equals(queuedAvatarKind(7)).toArray()).map((r) => r.data as AvatarView);

describe('avatar queue', () => {
  it('shows the local copy as queued, uploads once across retries, then shows the server avatar', async () => {
    const server = fakeServer();
    const key = await queueAvatar(db, payload());
    expect((await views()).map((v) => [v.state, v.image.size])).toEqual([['queued', 3]]);

    expect((await replayAll(db, { fetch: server.doFetch })).remaining).toBe(1);
    server.state.online = true;
    server.state.failOnce = true;
    expect((await replayAll(db, { fetch: server.doFetch })).remaining).toBe(1);
    expect((await replayAll(db, { fetch: server.doFetch })).remaining).toBe(0);
    expect(server.state.uploads).toBe(1);
    expect(server.state.avatarCalls).toEqual([REF]);
    expect((await views()).map((v) => [v.state, v.headPortrait])).toEqual([['sent', AVATAR]]);

    await dismissAvatar(db, 7, key);
    expect(await views()).toEqual([]);
  });

  it("keeps the server's refusal to show, and drops the entry", async () => {
    const server = fakeServer();
    server.state.online = true;
    server.state.refuse = 'Too many uploads; please try again in 12 minutes';
    await queueAvatar(db, payload());
    expect((await replayAll(db, { fetch: server.doFetch })).remaining).toBe(0);
    expect((await views()).map((v) => [v.state, v.error])).toEqual([
      ['rejected', 'Too many uploads; please try again in 12 minutes'],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });
});
