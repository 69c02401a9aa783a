import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as devices from '@contract/devices';
import * as identity from '@contract/identity';
import { devMail, knownDevices, notices, signInAlerts, users } from '../db/schema/index';
import { translate } from '../i18n';
import { KNOWN_DEVICES_MAX } from './repo';
import { registerUser, uniqueEmail, PASSWORD } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { HOUR, MINUTE } from '../testing/clock';
import { call, ok } from '../testing/fund';
import { latestCode } from '../testing/mailbox';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const key = () => crypto.randomUUID();

/** Signs in by password from a device: its User-Agent and, when given, the app's device key. */
async function signIn(t: TestApp, email: string, device: { ua?: string; key?: string; ip?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${auth.login.path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': device.ua ?? PHONE_UA },
    payload: new URLSearchParams({
      user_string: email,
      password: PASSWORD,
      lang: 'en',
      ...(device.key !== undefined ? { device_key: device.key } : {}),
    }).toString(),
    remoteAddress: device.ip ?? t.ip,
  });
  return res.json() as { type: string; message: string };
}

/** Registers with the app's device key, as the app does. */
async function registerOn(t: TestApp, deviceKey: string) {
  const email = uniqueEmail('dev');
  await ok(call(t, auth.sendCode, { user_string: email, type: 'email', scene: 'register' }));
  const code = await latestCode(t.app.ctx.db, email);
  const reg = await ok<{ token: string; user: auth.User }>(
    call(t, auth.register, {
      user_string: email,
      code,
      password: PASSWORD,
      re_password: PASSWORD,
      device_key: deviceKey,
    }),
  );
  t.clock.advance(MINUTE);
  const [row] = await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, token: reg.token, id: row!.id };
}

const alertsOf = (t: TestApp, userId: number) =>
  t.app.ctx.db.select().from(signInAlerts).where(eq(signInAlerts.userId, userId));
const securityNotices = async (t: TestApp, userId: number) =>
  (await t.app.ctx.db.select().from(notices).where(eq(notices.userId, userId)).orderBy(notices.id))
    .map((n) => n.event as { type: string; token?: string; device?: string; ip?: string })
    .filter((e) => e.type.startsWith('security.'));
const alertMails = (t: TestApp, email: string) =>
  t.app.ctx.db
    .select()
    .from(devMail)
    .where(and(eq(devMail.to, email), eq(devMail.code, '')));
const infoType = async (t: TestApp, token: string) => (await call(t, auth.userInfo, {}, { token })).body.type;
const tokenOf = (text: string) => /not_me\?token=([\w-]{43})/.exec(text)?.[1];

describeEachDatabase('new-device alerts', ({ app }) => {
  it('alerts once for a new device, by inbox, push and mail, and never for a device the account knows', async () => {
    const t = app();
    const phone = key();
    const u = await registerOn(t, phone);
    // The device the account was opened on is its first: nothing to alert.
    expect(await alertsOf(t, u.id)).toEqual([]);
    expect((await signIn(t, u.email, { key: phone })).type).toBe('ok');
    expect((await securityNotices(t, u.id)).map((e) => e.type)).toEqual(['security.login']);

    // Five sign-ins at once from one new laptop: one device, one alert.
    const laptop = key();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => signIn(t, u.email, { key: laptop, ua: LAPTOP_UA, ip: '203.0.113.9' })),
    );
    expect(burst.map((r) => r.type)).toEqual(Array(5).fill('ok'));
    const alerts = await alertsOf(t, u.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ device: 'Chrome / Windows', ip: '203.0.113.9', usedAt: null });
    const told = await securityNotices(t, u.id);
    expect(told.filter((e) => e.type === 'security.new_device')).toEqual([
      { type: 'security.new_device', device: 'Chrome / Windows', ip: '203.0.113.9', token: expect.any(String) },
    ]);
    expect(told.filter((e) => e.type === 'security.login')).toHaveLength(5);
    const mails = await alertMails(t, u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(en('mail_new_device_subject'));
    expect(mails[0]!.text).toContain('Chrome / Windows');
    expect(mails[0]!.text).toContain('203.0.113.9');
    // The mail, the inbox and the push carry the same one-time link; only its hash is stored.
    const link = tokenOf(mails[0]!.text)!;
    expect(told.find((e) => e.type === 'security.new_device')!.token).toBe(link);
    expect(alerts[0]!.tokenHash).not.toContain(link);
    expect(mails[0]!.text).toContain(`/h5/#/pages/common/not_me?token=${link}`);

    // Known now: signing in from it again tells of a sign-in, not of a new device.
    t.clock.advance(HOUR);
    expect((await signIn(t, u.email, { key: laptop, ua: LAPTOP_UA })).type).toBe('ok');
    expect(await alertsOf(t, u.id)).toHaveLength(1);
    expect(await alertMails(t, u.email)).toHaveLength(1);
    const remembered = await t.app.ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, u.id));
    expect(remembered.map((d) => d.name).sort()).toEqual(['Chrome / Windows', 'lightMyRequest']);
  });

  it('knows a sign-in without a device key by its browser family only, never as a keyed device', async () => {
    const t = app();
    const phone = key();
    const u = await registerOn(t, phone);
    // Leaving the key out with the owner's very browser still alerts: a family is not a device.
    expect((await signIn(t, u.email, { ua: PHONE_UA })).type).toBe('ok');
    expect(await alertsOf(t, u.id)).toHaveLength(1);
    // The same family again is known; another family is not; an empty key counts as none.
    expect((await signIn(t, u.email, { ua: PHONE_UA.replace('131.0.0.0', '132.0.0.0'), key: '' })).type).toBe('ok');
    expect(await alertsOf(t, u.id)).toHaveLength(1);
    expect((await signIn(t, u.email, { ua: LAPTOP_UA })).type).toBe('ok');
    expect(await alertsOf(t, u.id)).toHaveLength(2);
    // Another account's devices are nothing to this one: its own first sign-in from them alerts.
    const other = await registerOn(t, key());
    expect((await signIn(t, other.email, { key: phone })).type).toBe('ok');
    expect(await alertsOf(t, other.id)).toHaveLength(1);
  });

  it('refuses a malformed device key as a field error and opens no session', async () => {
    const t = app();
    const u = await registerOn(t, key());
    for (const bad of [
      'short',
      'x'.repeat(65),
      'has space in it here',
      'a\u0000bcdefghijklmnopq',
      '../../etc/passwd-xxxxx',
    ]) {
      const res = await signIn(t, u.email, { key: bad });
      expect(res.type, bad).toBe('error');
      expect(res.message).toMatch(/^Device is (invalid|too long)$/);
    }
    expect(await alertsOf(t, u.id)).toEqual([]);
    const sessions = await ok<identity.Session[]>(call(t, identity.sessionList, {}, { token: u.token }));
    expect(sessions).toHaveLength(1);
  });
});

describeEachDatabase('"this wasn\'t me"', ({ app }) => {
  /** An account signed in on its phone, then from an unknown laptop: the alert's link. */
  async function intruded(t: TestApp) {
    const phone = key();
    const u = await registerOn(t, phone);
    const laptop = key();
    const intruder = (await signIn(t, u.email, { key: laptop, ua: LAPTOP_UA, ip: '198.51.100.23' })).message;
    const [mail] = await alertMails(t, u.email);
    return { u, phone, laptop, intruder, link: tokenOf(mail!.text)! };
  }

  it('freezes withdrawals and ends every session in one step, once; a replay and a burst change nothing more', async () => {
    const t = app();
    const { u, laptop, intruder, link } = await intruded(t);
    const checked = await ok<devices.NotMeSignIn>(call(t, devices.notMeCheck, { token: link }, { lang: 'en' }));
    expect(checked).toEqual({
      device: 'Chrome / Windows',
      ip: '198.51.100.23',
      signed_in_at: t.clock.now().toISOString(),
      state: 'open',
    });
    expect(await infoType(t, u.token)).toBe('ok');
    expect(await infoType(t, intruder)).toBe('ok');

    // Eight taps at once (a mail client, a push, a double tap): exactly one acts.
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => call(t, devices.notMe, { token: link }, { lang: 'en' })),
    );
    const done = replies.filter((r) => r.body.type === 'ok');
    expect(done).toHaveLength(1);
    expect(done[0]!.body.message).toEqual({ frozen_at: t.clock.now().toISOString(), sessions_ended: 2 });
    for (const r of replies.filter((x) => x.body.type !== 'ok')) {
      expect(r.body).toEqual({ type: 'error', message: en('not_me_used') });
    }
    // Every session ended, the owner's and the intruder's; withdrawals frozen; the laptop forgotten.
    expect(await infoType(t, u.token)).toBe('999');
    expect(await infoType(t, intruder)).toBe('999');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.withdrawFrozenAt?.toISOString()).toBe(t.clock.now().toISOString());
    const remembered = await t.app.ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, u.id));
    expect(remembered).toHaveLength(1);

    // A replay later: refused, nothing moves (not even the freeze's time).
    t.clock.advance(MINUTE);
    const again = await call(t, devices.notMe, { token: link }, { lang: 'en' });
    expect(again.body).toEqual({ type: 'error', message: en('not_me_used') });
    const checkedAgain = await ok<devices.NotMeSignIn>(call(t, devices.notMeCheck, { token: link }, { lang: 'en' }));
    expect(checkedAgain.state).toBe('used');
    // The laptop signing in again is a new device again, with a new link.
    expect((await signIn(t, u.email, { key: laptop, ua: LAPTOP_UA })).type).toBe('ok');
    expect(await alertsOf(t, u.id)).toHaveLength(2);
    const [after] = await t.app.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.withdrawFrozenAt?.getTime()).toBe(row!.withdrawFrozenAt?.getTime());
  });

  it("acts only on the link's own account: another user's session and link are no way in", async () => {
    const t = app();
    const a = await intruded(t);
    const b = await intruded(t);
    // B, signed in, uses its own link while calling with A's session: only B is affected.
    const res = await call(t, devices.notMe, { token: b.link }, { token: a.u.token, lang: 'en' });
    expect(res.body.type).toBe('ok');
    expect(await infoType(t, a.u.token)).toBe('ok');
    expect(await infoType(t, a.intruder)).toBe('ok');
    expect(await infoType(t, b.u.token)).toBe('999');
    const [rowA] = await t.app.ctx.db.select().from(users).where(eq(users.id, a.u.id));
    expect(rowA!.withdrawFrozenAt).toBeNull();
    // A's link is untouched by B's use, and still works for A.
    expect((await ok<devices.NotMeSignIn>(call(t, devices.notMeCheck, { token: a.link }))).state).toBe('open');
    expect((await call(t, devices.notMe, { token: a.link })).body.type).toBe('ok');
  });

  it('refuses an expired link and changes nothing', async () => {
    const t = app();
    const { u, intruder, link } = await intruded(t);
    t.clock.advance(devices.NOT_ME_TTL_HOURS * HOUR + MINUTE);
    const res = await call(t, devices.notMe, { token: link }, { lang: 'en' });
    expect(res.body).toEqual({ type: 'error', message: en('not_me_expired') });
    expect((await ok<devices.NotMeSignIn>(call(t, devices.notMeCheck, { token: link }))).state).toBe('expired');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.withdrawFrozenAt).toBeNull();
    const [alert] = await alertsOf(t, u.id);
    expect(alert!.usedAt).toBeNull();
    // No session was ended.
    expect(await infoType(t, u.token)).toBe('ok');
    expect(await infoType(t, intruder)).toBe('ok');
  });
});

describeOnOneDatabase('devices: bad input and sessions', ({ app }) => {
  it('keeps at most 50 devices an account, dropping the longest unused', async () => {
    const t = app();
    const first = key();
    const u = await registerOn(t, first);
    const keys = Array.from({ length: KNOWN_DEVICES_MAX }, () => key());
    for (const k of keys) {
      t.clock.advance(1000);
      expect((await signIn(t, u.email, { key: k })).type).toBe('ok');
    }
    const kept = await t.app.ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, u.id));
    expect(kept).toHaveLength(KNOWN_DEVICES_MAX);
    expect(await alertsOf(t, u.id)).toHaveLength(KNOWN_DEVICES_MAX);
    // The newest is still known; the first (the account's own, longest unused) alerts again.
    expect((await signIn(t, u.email, { key: keys.at(-1)! })).type).toBe('ok');
    expect(await alertsOf(t, u.id)).toHaveLength(KNOWN_DEVICES_MAX);
    expect((await signIn(t, u.email, { key: first })).type).toBe('ok');
    expect(await alertsOf(t, u.id)).toHaveLength(KNOWN_DEVICES_MAX + 1);
  });

  it('refuses malformed and unknown links alike, with a field error', async () => {
    const t = app();
    for (const token of ['', 'abc', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}!`, `${'A'.repeat(42)}\u0000`]) {
      for (const endpoint of [devices.notMe, devices.notMeCheck]) {
        const res = await call(t, endpoint, { token }, { lang: 'en' });
        expect(res.body.type, JSON.stringify(token)).toBe('error');
        expect(res.body.message).toMatch(/^Link is (invalid|required)$/);
      }
    }
    expect((await call(t, devices.notMe, {}, { lang: 'en' })).body).toEqual({
      type: 'error',
      message: 'Link is required',
    });
    // Well formed, never issued: not valid, and nothing else said.
    const unknown = await call(t, devices.notMe, { token: 'B'.repeat(43) }, { lang: 'en' });
    expect(unknown.body).toEqual({ type: 'error', message: en('not_me_invalid') });
  });

  it("lists sessions with browser, system and model, and ends one of them, never another account's", async () => {
    const t = app();
    const u = await registerUser(t);
    const other = await registerUser(t);
    const phone = (await signIn(t, u.email, { key: key(), ua: PHONE_UA, ip: '192.0.2.44' })).message;
    const laptop = (await signIn(t, u.email, { key: key(), ua: LAPTOP_UA })).message;
    const list = identity.sessionList.response.parse(
      (await call(t, identity.sessionList, {}, { token: u.token })).body.message,
    );
    expect(list).toHaveLength(3);
    const onPhone = list.find((s) => s.ip === '192.0.2.44')!;
    expect(onPhone).toMatchObject({
      browser: 'Chrome 131',
      os: 'Android 14',
      model: 'Google Pixel 8',
      device_type: 'mobile',
      current: false,
    });
    expect(list.find((s) => s.browser === 'Chrome 131' && s.os === 'Windows 10')).toMatchObject({
      device_type: 'desktop',
    });
    const [otherSession] = await ok<identity.Session[]>(call(t, identity.sessionList, {}, { token: other.token }));

    // Another account's session answers like a missing one and stays signed in.
    const notYours = await call(t, devices.sessionLogout, { id: otherSession!.id }, { token: u.token, lang: 'en' });
    expect(notYours.body).toEqual({ type: 'error', message: en('record_not_found') });
    expect(await infoType(t, other.token)).toBe('ok');
    for (const id of ['0', '-1', 'abc', '2147483648', '1.5']) {
      const bad = await call(t, devices.sessionLogout, { id }, { token: u.token, lang: 'en' });
      expect(bad.body.type, id).toBe('error');
    }
    expect((await call(t, devices.sessionLogout, { id: onPhone.id })).body.type).toBe('999');

    // Its own: that session ends at once, the others stay; ending it again is not found.
    expect(await ok(call(t, devices.sessionLogout, { id: onPhone.id }, { token: u.token }))).toEqual({ revoked: 1 });
    expect(await infoType(t, phone)).toBe('999');
    expect(await infoType(t, laptop)).toBe('ok');
    expect(await infoType(t, u.token)).toBe('ok');
    const twice = await call(t, devices.sessionLogout, { id: onPhone.id }, { token: u.token, lang: 'en' });
    expect(twice.body).toEqual({ type: 'error', message: en('record_not_found') });
  });
});
