import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as ap from '@contract/anti-phishing';
import * as auth from '@contract/auth';
import { allEndpoints } from '@contract/index';
import * as push from '@contract/push';
import type { PushPayload } from '@contract/push';
import { devMail, notices, users } from '../db/schema/index';
import { translate } from '../i18n';
import { notify } from '../push/notify';
import { PushWorker } from '../push/worker';
import { registerUser, uniqueMobile } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { MINUTE } from '../testing/clock';
import { startFakePushService, type FakePushService } from '../testing/fake-push-service';
import { call, ok } from '../testing/fund';
import { confirmByCode } from '../testing/security';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(async () => {
  await service.close();
});

type Who = Awaited<ReturnType<typeof registerUser>>;

const read = (t: TestApp, u: Who) => ok<ap.AntiPhishing>(call(t, ap.antiPhishingGet, {}, { token: u.token }));
const set = (t: TestApp, u: Who, code: string, step_up?: string) =>
  call(t, ap.antiPhishingSet, { anti_phishing_code: code, step_up }, { token: u.token, lang: 'en' });
const remove = (t: TestApp, u: Who, step_up?: string) =>
  call(t, ap.antiPhishingRemove, { step_up }, { token: u.token, lang: 'en' });

/** The anti-phishing notices of a user, oldest first. */
async function changes(t: TestApp, u: Who): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ event: notices.event })
    .from(notices)
    .where(and(eq(notices.userId, u.user.id), eq(notices.type, 'security.anti_phishing')))
    .orderBy(notices.id);
  return rows.map((r) => (r.event as { change: string }).change);
}

/** The newest message the development mailbox holds for `to` (what was sent, mail or text). */
async function lastSent(t: TestApp, to: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(devMail)
    .where(eq(devMail.to, to))
    .orderBy(desc(devMail.sentAt), desc(devMail.id))
    .limit(1);
  return row!;
}

describeOnOneDatabase(
  'anti-phishing code',
  ({ app }) => {
    it('is in every mail, text and push sent to its user, and in none sent to another', async () => {
      const t = app();
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const mobile = uniqueMobile();
      await t.app.ctx.db.update(users).set({ areaCode: '852', phone: mobile }).where(eq(users.id, alice.user.id));
      expect(await ok(set(t, alice, '  Blue   ช้าง 42 '))).toMatchObject({ code: 'Blue ช้าง 42' });

      // Mail, in the language of the request, the code on a line of its own above the text.
      await ok(call(t, auth.sendCode, { user_string: alice.email, scene: 'forget' }, { lang: 'en' }));
      const mail = await lastSent(t, alice.email);
      expect(mail.text).toBe(`Your anti-phishing code: Blue ช้าง 42\n\n${en('mail_code_text', { code: mail.code })}`);
      t.clock.advance(MINUTE);
      await ok(call(t, auth.sendCode, { user_string: alice.email, scene: 'forget' }, { lang: 'th' }));
      expect((await lastSent(t, alice.email)).text.startsWith('รหัสป้องกันฟิชชิงของคุณ: Blue ช้าง 42\n\n')).toBe(true);
      // A text: the code in brackets before the message.
      await ok(call(t, auth.sendCode, { user_string: mobile, type: 'mobile', area_code: '852', scene: 'forget' }));
      const sms = await lastSent(t, `+852${mobile}`);
      expect(sms.text).toBe(`[Blue ช้าง 42] ${translate('hk', 'mail_code_text', { code: sms.code })}`);
      // Bob's mail carries nothing of Alice's, and no code line while he has none.
      await ok(call(t, auth.sendCode, { user_string: bob.email, scene: 'forget' }, { lang: 'en' }));
      const bobs = await lastSent(t, bob.email);
      expect(bobs.text).toBe(en('mail_code_text', { code: bobs.code }));

      // Push: decrypted as the device receives it, at delivery (a code changed meanwhile is the new one).
      const subscribe = async (u: Who) => {
        const s = service.subscribe();
        const body = { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, locale: 'en' };
        await ok(call(t, push.pushSubscribe, body, { token: u.token }));
        return s;
      };
      const [sa, sb] = [await subscribe(alice), await subscribe(bob)];
      const event = { type: 'support.reply', preview: 'Your deposit arrived' } as const;
      await notify(t.app.ctx.db, alice.user.id, event, t.clock.now());
      await notify(t.app.ctx.db, bob.user.id, event, t.clock.now());
      const worker = new PushWorker({
        db: t.app.ctx.db,
        keys: t.app.push.keys,
        texts: t.app.pushTexts,
        now: t.clock.now,
        agent: service.agent,
      });
      await worker.drain();
      const payload = async (id: string) =>
        (await service.waitFor(1, (r) => r.subscriptionId === id))[0]!.payload as PushPayload;
      expect((await payload(sa.id)).body).toBe('[Blue ช้าง 42] Your deposit arrived');
      expect((await payload(sb.id)).body).toBe('Your deposit arrived');
    });
  },
  // This test's worker delivers (trusting the fake push service), not the app's own.
  { config: { pushWorker: 'external' } },
);

describeOnOneDatabase('anti-phishing code answers', ({ app }) => {
  it('is answered to its signed-in owner only: no endpoint without a session returns it', async () => {
    const t = app();
    const alice = await registerUser(t);
    const code = `Zebra ${Date.now() % 100000}`;
    await ok(set(t, alice, code));
    expect((await read(t, alice)).code).toBe(code);
    const anonymous = await call(t, ap.antiPhishingGet, {}, { lang: 'en' });
    expect(anonymous.body.type).toBe('999');
    // Signing in answers a session, not the code; and neither does any public endpoint.
    const login = await call(t, auth.login, { user_string: alice.email, password: alice.password, type: 'email' });
    expect(login.body.type).toBe('ok');
    expect(JSON.stringify(login.body)).not.toContain(code);
    // The development mailbox (demo only, this machine only) shows mail as it was sent: not swept.
    const open = allEndpoints.filter((e) => e.auth === false && !e.path.startsWith('/dev/'));
    expect(open.length).toBeGreaterThan(20);
    for (const e of open) {
      const r = await call(t, e, { user_string: alice.email, account: alice.email, email: alice.email });
      expect(JSON.stringify(r.body), e.path).not.toContain(code);
    }
  });

  it('refuses what is empty, too short or long, markup, a link or not letters, digits and spaces', async () => {
    const t = app();
    const u = await registerUser(t);
    const refused: [string, string][] = [
      ['', en('field_required', { field: 'anti_phishing_code' })],
      ['    ', en('field_required', { field: 'anti_phishing_code' })],
      ['abc', en('anti_phishing_length')],
      ['a'.repeat(21), en('anti_phishing_length')],
      ['象'.repeat(21), en('anti_phishing_length')],
      ['x'.repeat(5000), en('anti_phishing_length')],
      ['<b>bold</b>', en('anti_phishing_chars')],
      ['Tom &amp; Jerry', en('anti_phishing_chars')],
      ['mybank.com', en('anti_phishing_chars')],
      ['evil/login', en('anti_phishing_chars')],
      ['me@mail', en('anti_phishing_chars')],
      ['javascript:1', en('anti_phishing_chars')],
      ['Ｅｖｉｌ．ｃｏｍ', en('anti_phishing_chars')],
      ['a\u200bbcde', en('anti_phishing_chars')],
      ['abc\u202edef', en('anti_phishing_chars')],
      ['tab\there', en('anti_phishing_chars')],
      ['line\nbreak', en('anti_phishing_chars')],
      ['nul\u0000byte', en('anti_phishing_chars')],
      ['happy 🐬', en('anti_phishing_chars')],
      ['www mybank', en('anti_phishing_link')],
      ['ｗｗｗ ｍｙｂａｎｋ', en('anti_phishing_link')],
      ['HTTPS bank', en('anti_phishing_link')],
      ['mailto me', en('anti_phishing_link')],
    ];
    for (const [code, message] of refused) {
      expect((await set(t, u, code)).body, JSON.stringify(code)).toEqual({ type: 'error', message });
    }
    expect(await read(t, u)).toEqual({ code: null, updated_at: null });
    // Letters of any script, with their marks, digits and spaces are codes.
    for (const code of ['ช้างน้อย 7', 'さくら 2024', 'Ёжик в тумане', 'नमस्ते 12', 'Ａｂｃｄ']) {
      const token = (await read(t, u)).code
        ? await confirmByCode(t, u, 'anti_phishing', { anti_phishing_code: code })
        : undefined;
      expect((await ok<ap.AntiPhishing>(set(t, u, code, token))).code).toBe(code.normalize('NFKC'));
    }
    expect((await read(t, u)).code).toBe('Abcd');
  });
});

describeEachDatabase('anti-phishing code changes', ({ app }) => {
  it('changes and removals need a confirmation of exactly that change, by the account itself', async () => {
    const t = app();
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    await ok(set(t, alice, 'first code'));
    expect((await set(t, alice, 'second code')).body).toEqual({ type: 'error', message: en('step_up_required') });
    expect((await remove(t, alice)).body).toEqual({ type: 'error', message: en('step_up_required') });
    // Made for another action, for another code, or removal used to set: refused, and still usable.
    const otherAction = await confirmByCode(t, alice, 'remove_totp');
    const otherCode = await confirmByCode(t, alice, 'anti_phishing', { anti_phishing_code: 'third code' });
    const removal = await confirmByCode(t, alice, 'remove_anti_phishing');
    for (const token of [otherAction, otherCode, removal]) {
      expect((await set(t, alice, 'second code', token)).body).toEqual({
        type: 'error',
        message: en('step_up_invalid'),
      });
    }
    // Another account's session cannot use Alice's confirmation, and changes only its own code.
    expect((await remove(t, bob, removal)).body).toEqual({ type: 'ok', message: { code: null, updated_at: null } });
    await ok(set(t, bob, 'bobs code'));
    expect((await set(t, bob, 'third code', otherCode)).body).toEqual({
      type: 'error',
      message: en('step_up_invalid'),
    });
    expect((await read(t, alice)).code).toBe('first code');

    // The confirmation of this very code (spelled with other spaces) sets it.
    expect((await ok<ap.AntiPhishing>(set(t, alice, '  third    code ', otherCode))).code).toBe('third code');
    expect(await ok(remove(t, alice, removal))).toEqual({ code: null, updated_at: null });
    expect((await read(t, bob)).code).toBe('bobs code');
    expect(await changes(t, alice)).toEqual(['set', 'changed', 'removed']);
    expect(await changes(t, bob)).toEqual(['set']);
  });

  it('a burst of changes with one confirmation applies once, with one notice', async () => {
    const t = app();
    const u = await registerUser(t);
    // With no code yet the first set needs nothing: of a burst of different codes one wins.
    const firsts = await Promise.all(Array.from({ length: 8 }, (_, i) => set(t, u, `first ${i}`)));
    expect(firsts.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(firsts.filter((r) => r.body.message === en('step_up_required'))).toHaveLength(7);

    const token = await confirmByCode(t, u, 'anti_phishing', { anti_phishing_code: 'burst code' });
    const replies = await Promise.all(Array.from({ length: 8 }, () => set(t, u, 'burst code', token)));
    // One applied; the others found the code already this one (nothing to change) or the token used.
    expect(replies.every((r) => r.body.type === 'ok' || r.body.message === en('step_up_invalid'))).toBe(true);
    expect((await read(t, u)).code).toBe('burst code');

    const removal = await confirmByCode(t, u, 'remove_anti_phishing');
    const removals = await Promise.all(Array.from({ length: 8 }, () => remove(t, u, removal)));
    for (const r of removals) expect(r.body).toEqual({ type: 'ok', message: { code: null, updated_at: null } });
    expect(await changes(t, u)).toEqual(['set', 'changed', 'removed']);
  });
});
