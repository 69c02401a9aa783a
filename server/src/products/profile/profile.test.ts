import sharp from 'sharp';
import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as identity from '@contract/identity';
import * as profile from '@contract/profile';
import { translate } from '../../i18n';
import type { TestApp } from '../../testing/app';
import { registerUser } from '../../testing/accounts';
import { DAY, MINUTE } from '../../testing/clock';
import { multipartBody } from '../../testing/multipart';
import { describeEachDatabase } from '../../testing/suite';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

/** Uploads a `width` x `height` PNG as `/upload` takes it; answers the file reference. */
async function uploadPicture(t: TestApp, token: string, width = 300, height = 200): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  const body = multipartBody({ files: [{ name: 'file', filename: 'me.png', contentType: 'image/png', data: png }] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, authorization: token },
    payload: body.payload,
  });
  const reply = res.json() as { type: string; message: string };
  expect(reply.type).toBe('ok');
  return reply.message;
}

const me = async (t: TestApp, token: string) => (await t.call(auth.userInfo, {}, { token })).body.message as auth.User;

describeEachDatabase('profile: avatar, nickname, signature, stay logged in', ({ app }) => {
  it('sets the avatar from an own upload as a public 256 px square WebP cached for a year', async () => {
    const t = app();
    const u = await registerUser(t);
    const ref = await uploadPicture(t, u.token);
    const res = await t.call(profile.uploadHeadPortrait, { head_portrait: ref }, { token: u.token });
    expect(res.body.type).toBe('ok');
    const url = (res.body.message as { head_portrait: string }).head_portrait;
    expect(url).toMatch(/^\/api\/avatar\/[a-f0-9]{32}\.webp$/);
    expect((await me(t, u.token)).head_portrait).toBe(url);

    // Served without a token, immutable: the name changes with the picture.
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', profile.AVATAR_SIZE, profile.AVATAR_SIZE]);

    // The same reference again (an outbox retry) sets the same avatar and keeps its file.
    const again = await t.call(profile.uploadHeadPortrait, { head_portrait: ref }, { token: u.token });
    expect(again.body).toEqual({ type: 'ok', message: { head_portrait: url } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    // A new picture replaces it; the old file is gone.
    const next = await t.call(
      profile.uploadHeadPortrait,
      { head_portrait: await uploadPicture(t, u.token, 120, 120) },
      { token: u.token },
    );
    const nextUrl = (next.body.message as { head_portrait: string }).head_portrait;
    expect(nextUrl).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: nextUrl })).statusCode).toBe(200);
  });

  it("refuses another user's upload, bad references, and unknown or malformed avatar names", async () => {
    const t = app();
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const ref = await uploadPicture(t, owner.token);
    const stolen = await t.call(profile.uploadHeadPortrait, { head_portrait: ref }, { token: other.token, lang: 'en' });
    expect(stolen.body).toEqual({ type: 'error', message: en('field_invalid', { field: 'Avatar' }) });
    expect((await me(t, other.token)).head_portrait).toBe('');

    for (const head_portrait of ['', '/api/upload/../../etc/passwd', 'https://evil.example/a.png', `${ref}x`]) {
      const res = await t.call(profile.uploadHeadPortrait, { head_portrait }, { token: owner.token, lang: 'en' });
      expect(res.body.type).toBe('error');
    }
    const unknown = `/api/upload/${'A'.repeat(22)}.png`;
    expect(
      (await t.call(profile.uploadHeadPortrait, { head_portrait: unknown }, { token: owner.token, lang: 'en' })).body,
    ).toEqual({ type: 'error', message: en('field_invalid', { field: 'Avatar' }) });
    expect((await t.call(profile.uploadHeadPortrait, { head_portrait: ref })).body.type).toBe('999');

    for (const name of [`${'0'.repeat(32)}.webp`, '..%2F..%2Fpackage.json', 'x.webp']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/avatar/${name}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it('a burst of avatar changes leaves one avatar set and its file served, the replaced ones removed', async () => {
    const t = app();
    const u = await registerUser(t);
    const refs = await Promise.all([1, 2, 3, 4, 5].map((i) => uploadPicture(t, u.token, 100 + i, 100)));
    const replies = await Promise.all(
      refs.map((head_portrait) => t.call(profile.uploadHeadPortrait, { head_portrait }, { token: u.token })),
    );
    const urls = replies.map((r) => (r.body.message as { head_portrait: string }).head_portrait);
    expect(replies.every((r) => r.body.type === 'ok')).toBe(true);
    const current = (await me(t, u.token)).head_portrait;
    expect(urls).toContain(current);
    expect((await t.app.inject({ method: 'GET', url: current })).statusCode).toBe(200);
    const served = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
    expect(served.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('edits nickname and signature within the rules of SPEC.md section 5, with localized refusals', async () => {
    const t = app();
    const u = await registerUser(t);
    const ok = await t.call(
      profile.editNickname,
      { nickname: '比特Trader9', signature: 'HODL since 2017' },
      { token: u.token },
    );
    expect(ok.body).toEqual({ type: 'ok', message: { nickname: '比特Trader9', signature: 'HODL since 2017' } });
    // A field left out keeps its value.
    await t.call(profile.editNickname, { signature: '  Long term only  ' }, { token: u.token });
    expect(await me(t, u.token)).toMatchObject({ nickname: '比特Trader9', signature: 'Long term only' });

    for (const nickname of ['a', 'abcdefghijk', 'bad name', 'emoji😀', 'ab<cd', '１２３']) {
      const res = await t.call(profile.editNickname, { nickname }, { token: u.token, lang: 'en' });
      expect(res.body, nickname).toEqual({ type: 'error', message: en('nickname_invalid') });
    }
    for (const signature of ['x', 'y'.repeat(31), 'no <script> here']) {
      const res = await t.call(profile.editNickname, { signature }, { token: u.token, lang: 'en' });
      expect(res.body, signature).toEqual({ type: 'error', message: en('signature_invalid') });
    }
    const empty = await t.call(profile.editNickname, {}, { token: u.token, lang: 'en' });
    expect(empty.body).toEqual({ type: 'error', message: en('field_required', { field: 'Nickname' }) });
    const thai = await t.call(profile.editNickname, { nickname: 'a' }, { token: u.token, lang: 'th' });
    expect(thai.body).toEqual({ type: 'error', message: translate('th', 'nickname_invalid') });
    expect((await me(t, u.token)).nickname).toBe('比特Trader9');

    // Each account changes only its own profile.
    const other = await registerUser(t);
    await t.call(profile.editNickname, { nickname: 'Other1' }, { token: other.token });
    expect((await me(t, u.token)).nickname).toBe('比特Trader9');
    expect((await me(t, other.token)).nickname).toBe('Other1');
  });

  it('shows the credit score every account starts with', async () => {
    const t = app();
    const u = await registerUser(t);
    expect((await me(t, u.token)).score).toBe(100);
  });

  it('stay logged in: on by default (30 days idle); off ends sessions after 30 idle minutes, on every device', async () => {
    const t = app();
    const u = await registerUser(t);
    const second = (await t.call(auth.login, { user_string: u.email, password: u.password })).body.message as string;
    expect((await me(t, u.token)).stay_logged_in).toBe(true);
    t.clock.advance(2 * DAY);
    expect((await t.call(auth.userInfo, {}, { token: u.token })).body.type).toBe('ok');

    const off = await t.call(profile.setStayLoggedIn, { stay_logged_in: '0' }, { token: u.token });
    expect(off.body).toEqual({ type: 'ok', message: { stay_logged_in: false, idle_minutes: 30 } });
    expect((await me(t, u.token)).stay_logged_in).toBe(false);
    t.clock.advance(20 * MINUTE);
    expect((await t.call(auth.userInfo, {}, { token: u.token })).body.type).toBe('ok');
    // The second device was last used two days ago: no longer listed, and refused.
    const listed = (await t.call(identity.sessionList, {}, { token: u.token })).body.message as unknown[];
    expect(listed).toHaveLength(1);
    expect((await t.call(auth.userInfo, {}, { token: second })).body.type).toBe('999');
    t.clock.advance(31 * MINUTE);
    expect((await t.call(auth.userInfo, {}, { token: u.token })).body.type).toBe('999');

    // Turned on again from a fresh session, a day of idleness is fine.
    const fresh = (await t.call(auth.login, { user_string: u.email, password: u.password })).body.message as string;
    const on = await t.call(profile.setStayLoggedIn, { stay_logged_in: '1' }, { token: fresh });
    expect(on.body).toEqual({ type: 'ok', message: { stay_logged_in: true, idle_minutes: 30 * 24 * 60 } });
    t.clock.advance(DAY);
    expect((await t.call(auth.userInfo, {}, { token: fresh })).body.type).toBe('ok');

    for (const stay_logged_in of ['', 'yes', '2']) {
      const bad = await t.call(profile.setStayLoggedIn, { stay_logged_in }, { token: fresh, lang: 'en' });
      expect(bad.body).toEqual({ type: 'error', message: en('field_invalid', { field: 'Stay logged in' }) });
    }
    expect((await t.call(profile.setStayLoggedIn, { stay_logged_in: '0' })).body.type).toBe('999');
  });
});
