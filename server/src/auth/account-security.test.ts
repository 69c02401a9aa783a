import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as identity from '@contract/identity';
import { translate } from '../i18n';
import type { TestApp } from '../testing/app';
import { registerUser } from '../testing/accounts';
import { MINUTE } from '../testing/clock';
import { latestCode } from '../testing/mailbox';
import { describeEachDatabase } from '../testing/suite';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const NEW_PASSWORD = 'brand-new-pass-7';

/** Logs in again from another device; answers its token. */
async function loginFrom(t: TestApp, email: string, password: string, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({ user_string: email, password }).toString(),
    remoteAddress: '198.51.100.7',
  });
  const body = res.json() as { type: string; message: string };
  if (body.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.message;
}

async function passwordCode(t: TestApp, email: string): Promise<string> {
  const sent = await t.call(auth.sendCode, { user_string: email, scene: 'password' });
  expect(sent.body.type).toBe('ok');
  return latestCode(t.app.ctx.db, email);
}

describeEachDatabase('login password change and sessions', ({ app }) => {
  it('changes the password with a code of scene password and ends every other session', async () => {
    const t = app();
    const u = await registerUser(t);
    const phone = await loginFrom(t, u.email, u.password, 'PhoneBrowser/1.0');
    const code = await passwordCode(t, u.email);
    const res = await t.call(
      identity.updatePassword,
      { password: NEW_PASSWORD, re_password: NEW_PASSWORD, code },
      { token: u.token },
    );
    expect(res.body).toEqual({ type: 'ok', message: { revoked: 1 } });
    expect((await t.call(auth.userInfo, {}, { token: u.token })).body.type).toBe('ok');
    expect((await t.call(auth.userInfo, {}, { token: phone })).body.type).toBe('999');
    expect((await t.call(auth.login, { user_string: u.email, password: u.password }, { lang: 'en' })).body.type).toBe(
      'error',
    );
    expect((await t.call(auth.login, { user_string: u.email, password: NEW_PASSWORD })).body.type).toBe('ok');
    // The code is used up.
    const again = await t.call(
      identity.updatePassword,
      { password: 'another-pass-8', re_password: 'another-pass-8', code },
      { token: u.token, lang: 'en' },
    );
    expect(again.body).toEqual({ type: 'error', message: en('code_expired') });
  });

  it('refuses a code of another scene, a wrong code, different passwords, and no session', async () => {
    const t = app();
    const u = await registerUser(t);
    await t.call(auth.sendCode, { user_string: u.email, scene: 'security' });
    const securityCode = await latestCode(t.app.ctx.db, u.email);
    const form = { password: NEW_PASSWORD, re_password: NEW_PASSWORD };
    const otherScene = await t.call(
      identity.updatePassword,
      { ...form, code: securityCode },
      { token: u.token, lang: 'en' },
    );
    expect(otherScene.body).toEqual({ type: 'error', message: en('code_expired') });
    t.clock.advance(MINUTE);
    const code = await passwordCode(t, u.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await t.call(identity.updatePassword, { ...form, code: wrong }, { token: u.token, lang: 'en' })).body,
    ).toEqual({ type: 'error', message: en('code_wrong') });
    const mismatch = await t.call(
      identity.updatePassword,
      { password: NEW_PASSWORD, re_password: 'something-else-9', code },
      { token: u.token, lang: 'en' },
    );
    expect(mismatch.body).toEqual({ type: 'error', message: en('passwords_inconsistent') });
    expect((await t.call(identity.updatePassword, { ...form, code })).body.type).toBe('999');
    expect((await t.call(auth.login, { user_string: u.email, password: u.password })).body.type).toBe('ok');
  });

  it('lists the active sessions with device, address and times, and logs out the other devices', async () => {
    const t = app();
    const u = await registerUser(t);
    const other = await registerUser(t);
    t.clock.advance(MINUTE);
    const phone = await loginFrom(t, u.email, u.password, 'PhoneBrowser/1.0');
    const tablet = await loginFrom(t, u.email, u.password, 'TabletBrowser/2.0');
    await t.call(auth.logout, {}, { token: tablet });
    const list = identity.sessionList.response.parse(
      (await t.call(identity.sessionList, {}, { token: u.token })).body.message,
    );
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current);
    const device = list.find((s) => !s.current);
    expect(current?.ip).toBe(t.ip);
    expect(device).toMatchObject({ device: 'PhoneBrowser/1.0', ip: '198.51.100.7', current: false });
    expect(Date.parse(device?.created_at ?? '')).toBeGreaterThan(Date.parse(current?.created_at ?? ''));
    expect(Date.parse(device?.last_seen_at ?? '')).toBeGreaterThan(0);

    const res = await t.call(identity.logoutOtherSessions, {}, { token: u.token });
    expect(res.body).toEqual({ type: 'ok', message: { revoked: 1 } });
    expect((await t.call(auth.userInfo, {}, { token: phone })).body.type).toBe('999');
    expect((await t.call(auth.userInfo, {}, { token: other.token })).body.type).toBe('ok');
    const after = identity.sessionList.response.parse(
      (await t.call(identity.sessionList, {}, { token: u.token })).body.message,
    );
    expect(after.map((s) => s.current)).toEqual([true]);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
