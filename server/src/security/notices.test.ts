import { and, asc, eq, like } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import * as ap from '@contract/anti-phishing';
import * as identity from '@contract/identity';
import * as auth from '@contract/auth';
import * as security from '@contract/security';
import * as push from '@contract/push';
import type { PushEvent } from '@contract/push';
import { devMail, notices, pushOutbox } from '../db/schema/index';
import { render } from '../testing/push-texts';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { DAY, MINUTE, SECOND } from '../testing/clock';
import { call, ok, PAY_PASSWORD, setPayPassword } from '../testing/fund';
import { latestCode } from '../testing/mailbox';
import { SoftwareAuthenticator } from '../testing/passkey';
import { confirmByCode } from '../testing/security';
import { describeEachDatabase } from '../testing/suite';

type Who = Awaited<ReturnType<typeof registerUser>>;
const as = (u: Who) => ({ token: u.token, lang: 'en' });

/** The user's security-centre notices (inbox rows), oldest first. */
async function told(t: TestApp, u: Who): Promise<PushEvent[]> {
  const rows = await t.app.ctx.db
    .select({ event: notices.event, type: notices.type })
    .from(notices)
    .where(and(eq(notices.userId, u.user.id), like(notices.type, 'security.%')))
    .orderBy(asc(notices.id));
  return rows
    .map((r) => r.event as PushEvent)
    .filter((e) => e.type !== 'security.login' && e.type !== 'security.password_changed');
}

/** Subjects of the notice mails sent to the user (not the verification codes). */
async function mailed(t: TestApp, u: Who): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ subject: devMail.subject, code: devMail.code })
    .from(devMail)
    .where(eq(devMail.to, u.email))
    .orderBy(asc(devMail.id));
  return rows.filter((r) => r.code === '').map((r) => r.subject);
}

const titles = (events: PushEvent[]) => events.map((e) => render(e, 'en').title);
const later = (t: TestApp) => new Date(t.clock.now().getTime() + DAY).toISOString();
const whitelist = (t: TestApp, u: Who, on: '0' | '1', step_up?: string) =>
  call(t, security.whitelistSet, { on, step_up }, as(u));

describeEachDatabase(
  'security notices',
  ({ app }) => {
    it('tells the whitelist on, its switch-off with the time, and its cancelling, once each, by inbox, push and mail', async () => {
      const t = app();
      const u = await registerUser(t);
      // A subscribed device: its pushes are queued in the same statement as the inbox rows.
      const device = { endpoint: `https://push.example/${u.user.id}`, p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
      await ok(call(t, push.pushSubscribe, { ...device, locale: 'en' }, as(u)));
      const ons = await Promise.all(Array.from({ length: 6 }, () => whitelist(t, u, '1')));
      for (const r of ons) expect(r.body.type).toBe('ok');
      t.clock.advance(MINUTE);
      const token = await confirmByCode(t, u, 'whitelist_off');
      const asked = later(t);
      const offs = await Promise.all(Array.from({ length: 6 }, () => whitelist(t, u, '0', token)));
      expect(offs.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      // Asking again does not move the day, and tells nothing new.
      await ok(whitelist(t, u, '0', await confirmByCode(t, u, 'whitelist_off')));
      const cancels = await Promise.all(Array.from({ length: 6 }, () => whitelist(t, u, '1')));
      for (const r of cancels) expect(r.body.type).toBe('ok');

      const events = await told(t, u);
      expect(events).toEqual([
        { type: 'security.whitelist', change: 'on', at: null },
        { type: 'security.whitelist', change: 'off_requested', at: asked },
        { type: 'security.whitelist', change: 'off_cancelled', at: null },
      ]);
      expect(render(events[1]!, 'en').body).toContain(`${asked.slice(0, 16).replace('T', ' ')} UTC`);
      expect(await mailed(t, u)).toEqual(titles(events));
      const pushes = await t.app.ctx.db.select().from(pushOutbox).where(eq(pushOutbox.userId, u.user.id));
      expect(pushes.map((p) => (p.event as PushEvent).type)).toEqual(events.map((e) => e.type));
    });

    it('tells the authenticator app added and removed, each with the pause it starts, once for a burst', async () => {
      const t = app();
      t.clock.set(new Date('2026-03-02T10:00:15.000Z'));
      const u = await registerUser(t);
      const setup = await ok<{ secret: string }>(call(t, security.totpSetup, {}, as(u)));
      const code = (offset = 0) =>
        generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offset * 30 });
      await ok(call(t, security.totpConfirm, { code: await code() }, as(u)));
      const addedUntil = later(t);
      t.clock.advance(90 * SECOND);
      const started = await ok<{ id: number }>(
        call(t, security.stepUpStart, { action: 'remove_totp', params: '{}' }, as(u)),
      );
      const { token } = await ok<{ token: string }>(
        call(t, security.stepUpVerify, { id: started.id, code: await code() }, as(u)),
      );
      const removals = await Promise.all(
        Array.from({ length: 6 }, () => call(t, security.totpRemove, { step_up: token }, as(u))),
      );
      expect(removals.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      const events = await told(t, u);
      expect(events).toEqual([
        { type: 'security.totp', change: 'added' },
        { type: 'security.withdraw_paused', until: addedUntil },
        { type: 'security.totp', change: 'removed' },
        { type: 'security.withdraw_paused', until: later(t) },
      ]);
      expect(await mailed(t, u)).toEqual(titles(events));
    });

    it('tells each passkey added and removed by its name; a burst of removals with one confirmation tells once', async () => {
      const t = app();
      const u = await registerUser(t);
      const key = new SoftwareAuthenticator();
      const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as(u)));
      const credential = JSON.stringify(key.register(options));
      const passkey = await ok<security.Passkey>(
        call(t, security.passkeyRegister, { name: 'Work phone', credential }, as(u)),
      );
      const addedUntil = later(t);
      t.clock.advance(MINUTE);
      const started = await ok<{ id: number; passkey: security.WebAuthnOptions }>(
        call(t, security.stepUpStart, { action: 'remove_passkey', params: JSON.stringify({ id: passkey.id }) }, as(u)),
      );
      const { token } = await ok<{ token: string }>(
        call(
          t,
          security.stepUpVerify,
          { id: started.id, credential: JSON.stringify(key.assert(started.passkey)) },
          as(u),
        ),
      );
      const removals = await Promise.all(
        Array.from({ length: 6 }, () => call(t, security.passkeyRemove, { id: passkey.id, step_up: token }, as(u))),
      );
      expect(removals.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      const events = await told(t, u);
      expect(events).toEqual([
        { type: 'security.passkey', change: 'added', name: 'Work phone' },
        { type: 'security.withdraw_paused', until: addedUntil },
        { type: 'security.passkey', change: 'removed', name: 'Work phone' },
        { type: 'security.withdraw_paused', until: later(t) },
      ]);
      expect(render(events[0]!, 'jp').body).toContain('Work phone');
      expect(await mailed(t, u)).toEqual(titles(events));
    });

    it('tells the pause a password change starts, with its end; a first pay password starts none', async () => {
      const t = app();
      const u = await registerUser(t);
      await ok(call(t, ap.antiPhishingSet, { anti_phishing_code: 'Otter 9' }, as(u)));
      await setPayPassword(t, u.token, u.email);
      expect(await told(t, u)).toEqual([{ type: 'security.anti_phishing', change: 'set' }]);
      await setPayPassword(t, u.token, u.email, `${PAY_PASSWORD}x`);
      const payUntil = new Date(t.clock.now().getTime() - MINUTE + DAY).toISOString();
      await ok(call(t, auth.sendCode, { user_string: u.email, type: 'email', scene: 'password' }, { token: u.token }));
      const code = await latestCode(t.app.ctx.db, u.email);
      await ok(
        call(t, identity.updatePassword, { password: 'another-pass-7', re_password: 'another-pass-7', code }, as(u)),
      );
      expect(await told(t, u)).toEqual([
        { type: 'security.anti_phishing', change: 'set' },
        { type: 'security.withdraw_paused', until: payUntil },
        { type: 'security.withdraw_paused', until: later(t) },
      ]);
      // The notice mails carry the code like every other mail.
      const [mail] = await t.app.ctx.db
        .select({ text: devMail.text })
        .from(devMail)
        .where(and(eq(devMail.to, u.email), eq(devMail.subject, 'Withdrawals paused for 24 hours')))
        .limit(1);
      expect(mail?.text.startsWith('Your anti-phishing code: Otter 9\n\n')).toBe(true);
    });
  },
  // The device's endpoint is a made-up address: its pushes are queued here, never posted.
  { config: { pushWorker: 'external' } },
);
