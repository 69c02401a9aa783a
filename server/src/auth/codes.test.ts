import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { devMail, verificationCodes } from '../db/schema/index';
import { translate } from '../i18n';
import { registerUser, uniqueEmail, uniqueMainlandMobile, uniqueMobile } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { MINUTE, SECOND } from '../testing/clock';
import { latestCode } from '../testing/mailbox';
import { describeEachDatabase } from '../testing/suite';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

describeEachDatabase('verification codes', ({ app, database }) => {
  it('sends a 6-digit code to the development mailbox and stores only its hash', async () => {
    const t = app();
    const email = uniqueEmail();
    const res = await t.call(auth.sendCode, { user_string: email, type: 'email', scene: 'register' });
    expect(res.body).toEqual({ type: 'ok', message: { expires_in: 600, resend_in: 60 } });
    const code = await latestCode(database().db, email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await database().db.select().from(verificationCodes).where(eq(verificationCodes.destination, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
  });

  it('lower-cases email addresses', async () => {
    const t = app();
    const email = uniqueEmail('MiXeD');
    await t.call(auth.sendCode, { user_string: `  ${email.toUpperCase()} ` });
    expect(await latestCode(database().db, email.toLowerCase())).toMatch(/^\d{6}$/);
  });

  it('sends to mobile numbers with a known area code, addressed +<area><number>', async () => {
    const t = app();
    const mobile = uniqueMobile();
    const res = await t.call(auth.sendCode, { user_string: mobile, type: 'mobile', area_code: '+852' });
    expect(res.body.type).toBe('ok');
    expect(await latestCode(database().db, `+852${mobile}`)).toMatch(/^\d{6}$/);

    const noArea = await t.call(auth.sendCode, { user_string: uniqueMobile(), type: 'mobile' }, { lang: 'en' });
    expect(noArea.body).toEqual({ type: 'error', message: 'Area code is required' });
    const unknownArea = await t.call(
      auth.sendCode,
      { user_string: uniqueMobile(), type: 'mobile', area_code: '999' },
      { lang: 'en' },
    );
    expect(unknownArea.body).toEqual({ type: 'error', message: 'Area code is invalid' });
    const badNumber = await t.call(
      auth.sendCode,
      { user_string: '12ab', type: 'mobile', area_code: '86' },
      { lang: 'en' },
    );
    expect(badNumber.body).toEqual({ type: 'error', message: en('mobile_invalid') });
  });

  it('takes only a mainland mobile (11 digits, 1 then 3-9) under +86', async () => {
    const t = app();
    for (const number of ['61234567', '12800138000', '1380013800']) {
      const res = await t.call(
        auth.sendCode,
        { user_string: number, type: 'mobile', area_code: '+86' },
        { lang: 'en' },
      );
      expect(res.body).toEqual({ type: 'error', message: en('mobile_invalid') });
    }
    // The same 8 digits are a number elsewhere.
    const elsewhere = await t.call(auth.sendCode, { user_string: uniqueMobile(), type: 'mobile', area_code: '852' });
    expect(elsewhere.body.type).toBe('ok');
    const mainland = uniqueMainlandMobile();
    const res = await t.call(auth.sendCode, { user_string: mainland, type: 'mobile', area_code: '86' });
    expect(res.body.type).toBe('ok');
    expect(await latestCode(database().db, `+86${mainland}`)).toMatch(/^\d{6}$/);
  });

  it('allows one send per destination per 60 s and says how long to wait', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    t.clock.advance(15 * SECOND);
    const again = await t.call(auth.sendCode, { user_string: email, scene: 'bind_email' }, { lang: 'en' });
    expect(again.body).toEqual({ type: 'error', message: en('code_too_soon', { seconds: 45 }) });
    t.clock.advance(45 * SECOND);
    const later = await t.call(auth.sendCode, { user_string: email });
    expect(later.body.type).toBe('ok');
  });

  it('caps codes per destination per hour', async () => {
    const t = app();
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      const res = await t.call(auth.sendCode, { user_string: email }, { ip: `192.0.2.${i + 1}` });
      expect(res.body.type).toBe('ok');
      t.clock.advance(61 * SECOND);
    }
    const capped = await t.call(auth.sendCode, { user_string: email }, { lang: 'en', ip: '192.0.2.99' });
    expect(capped.body).toEqual({ type: 'error', message: en('code_destination_limit') });
    t.clock.advance(61 * MINUTE);
    expect((await t.call(auth.sendCode, { user_string: email })).body.type).toBe('ok');
  });

  it('lets a carrier-shared address send codes for many people, up to a configurable ceiling', async () => {
    const t = app();
    for (let i = 0; i < 40; i++) {
      const res = await t.call(auth.sendCode, { user_string: uniqueEmail() });
      expect(res.body.type, `send ${i + 1}`).toBe('ok');
    }
    const low = await createTestApp(database(), { limits: { codesPerIpPerHour: 25 } });
    try {
      for (let i = 0; i < 25; i++)
        expect((await low.call(auth.sendCode, { user_string: uniqueEmail() })).body.type).toBe('ok');
      const capped = await low.call(auth.sendCode, { user_string: uniqueEmail() }, { lang: 'en' });
      expect(capped.body).toEqual({ type: 'error', message: en('code_ip_limit') });
      const otherAddress = await low.call(auth.sendCode, { user_string: uniqueEmail() }, { ip: '192.0.2.77' });
      expect(otherAddress.body.type).toBe('ok');
      low.clock.advance(61 * MINUTE);
      expect((await low.call(auth.sendCode, { user_string: uniqueEmail() })).body.type).toBe('ok');
    } finally {
      await low.close();
    }
  });

  it('caps the mobile-binding codes one signed-in account may request per hour', async () => {
    const t = app();
    const { token } = await registerUser(t);
    for (let i = 0; i < 20; i++) {
      const res = await t.call(
        auth.sendSms,
        { area_code: '66', mobile: uniqueMobile() },
        { token, ip: `192.0.2.${i + 1}` },
      );
      expect(res.body.type, `send ${i + 1}`).toBe('ok');
    }
    const capped = await t.call(auth.sendSms, { area_code: '66', mobile: uniqueMobile() }, { token, lang: 'en' });
    expect(capped.body).toEqual({ type: 'error', message: en('code_account_limit') });
  });

  it('answers register codes for taken addresses and reset codes for unknown ones as if sent, sending nothing', async () => {
    const t = app();
    const { email } = await registerUser(t);
    const mails = async () => (await database().db.select().from(devMail)).length;
    const before = await mails();
    const fresh = await t.call(auth.sendCode, { user_string: uniqueEmail(), scene: 'register' });
    t.clock.advance(61 * SECOND);
    const taken = await t.call(auth.sendCode, { user_string: email, scene: 'register' });
    const unknown = uniqueEmail();
    const forgetUnknown = await t.call(auth.sendCode, { user_string: unknown, scene: 'forget' });
    const securityUnknown = await t.call(auth.sendCode, { user_string: uniqueEmail(), scene: 'security' });
    for (const res of [taken, forgetUnknown, securityUnknown]) expect(res.body).toEqual(fresh.body);
    expect(await mails()).toBe(before + 1);
    // The resend wait holds for them as for real sends, so it tells nothing either.
    const again = await t.call(auth.sendCode, { user_string: unknown, scene: 'forget' }, { lang: 'en' });
    expect(again.body.message).toBe(en('code_too_soon', { seconds: 60 }));

    // Binding keeps saying the address is taken: the binding needs a signed-in account anyway.
    const bind = await t.call(auth.sendCode, { user_string: email, scene: 'bind_email' }, { lang: 'en' });
    expect(bind.body).toEqual({ type: 'error', message: en('account_exists') });
    t.clock.advance(61 * SECOND);
    const ok = await t.call(auth.sendCode, { user_string: email, scene: 'forget' });
    expect(ok.body.type).toBe('ok');
    expect(await mails()).toBe(before + 2);
  });

  it('rejects an unknown scene naming the field', async () => {
    const res = await app().call(auth.sendCode, { user_string: uniqueEmail(), scene: 'anything' }, { lang: 'en' });
    expect(res.body).toEqual({ type: 'error', message: 'Scene is invalid' });
  });

  it('checks a code without using it up', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    for (let i = 0; i < 2; i++) {
      const res = await t.call(auth.checkCode, { user_string: email, email_code: code, scene: 'register' });
      expect(res.body).toEqual({ type: 'ok', message: { valid: true } });
    }
    const wrongScene = await t.call(
      auth.checkCode,
      { user_string: email, email_code: code, scene: 'forget' },
      { lang: 'en' },
    );
    expect(wrongScene.body).toEqual({ type: 'error', message: en('code_expired') });
    const register = await t.call(auth.register, {
      user_string: email,
      code,
      password: 'long-enough',
      re_password: 'long-enough',
    });
    expect(register.body.type).toBe('ok');
  });

  it('checks mobile codes with the area code given as country_code', async () => {
    const t = app();
    const mobile = uniqueMainlandMobile();
    await t.call(auth.sendCode, { user_string: mobile, type: 'mobile', area_code: '86' });
    const code = await latestCode(database().db, `+86${mobile}`);
    const res = await t.call(auth.checkCode, {
      user_string: mobile,
      type: 'mobile',
      country_code: '+86',
      email_code: code,
    });
    expect(res.body).toEqual({ type: 'ok', message: { valid: true } });
  });

  it('validates the code format and presence', async () => {
    const t = app();
    const missing = await t.call(auth.checkCode, { user_string: uniqueEmail() }, { lang: 'en' });
    expect(missing.body).toEqual({ type: 'error', message: 'Verification code is required' });
    const short = await t.call(auth.checkCode, { user_string: uniqueEmail(), email_code: '12345' }, { lang: 'en' });
    expect(short.body).toEqual({ type: 'error', message: 'Verification code must be exactly 6 digits' });
  });

  it('expires codes after 10 minutes', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    t.clock.advance(9 * MINUTE + 59 * SECOND);
    expect((await t.call(auth.checkCode, { user_string: email, email_code: code })).body.type).toBe('ok');
    t.clock.advance(1 * SECOND);
    const expired = await t.call(auth.checkCode, { user_string: email, email_code: code }, { lang: 'en' });
    expect(expired.body).toEqual({ type: 'error', message: en('code_expired') });
  });

  it('locks a code after 5 wrong tries, even against the right code', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call(auth.checkCode, { user_string: email, email_code: wrong }, { lang: 'en' });
      expect(res.body).toEqual({ type: 'error', message: en('code_wrong') });
    }
    const right = await t.call(auth.checkCode, { user_string: email, email_code: code }, { lang: 'en' });
    expect(right.body).toEqual({ type: 'error', message: en('code_locked') });
    const register = await t.call(
      auth.register,
      { user_string: email, code, password: 'long-enough', re_password: 'long-enough' },
      { lang: 'en' },
    );
    expect(register.body).toEqual({ type: 'error', message: en('code_locked') });
  });

  it('gives parallel guesses no more than 5 tries in total', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const replies = await Promise.all(
      guesses.map((g) => t.call(auth.checkCode, { user_string: email, email_code: g }, { lang: 'en' })),
    );
    const wrong = replies.filter((r) => r.body.message === en('code_wrong')).length;
    expect(wrong).toBeLessThanOrEqual(5);
    expect(replies.every((r) => r.body.type === 'error')).toBe(true);
    const right = await t.call(auth.checkCode, { user_string: email, email_code: code }, { lang: 'en' });
    expect(right.body).toEqual({ type: 'error', message: en('code_locked') });
  });

  it('does not count right answers as tries', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    for (let i = 0; i < 8; i++) {
      expect((await t.call(auth.checkCode, { user_string: email, email_code: code })).body.type).toBe('ok');
    }
  });

  it('only the newest code counts once a new one is sent', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const first = await latestCode(database().db, email);
    t.clock.advance(MINUTE);
    await t.call(auth.sendCode, { user_string: email });
    const second = await latestCode(database().db, email);
    if (first !== second) {
      const old = await t.call(auth.checkCode, { user_string: email, email_code: first }, { lang: 'en' });
      expect(old.body).toEqual({ type: 'error', message: en('code_wrong') });
    }
    expect((await t.call(auth.checkCode, { user_string: email, email_code: second })).body.type).toBe('ok');
  });

  it('sends SMS codes to bind a free number for a signed-in user (sms_send)', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const mobile = uniqueMobile();
    const res = await t.call(auth.sendSms, { area_code: '44', mobile }, { token });
    expect(res.body).toEqual({ type: 'ok', message: { expires_in: 600, resend_in: 60 } });
    expect(await latestCode(database().db, `+44${mobile}`)).toMatch(/^\d{6}$/);

    const anonymous = await t.call(auth.sendSms, { area_code: '44', mobile: uniqueMobile() }, { lang: 'en' });
    expect(anonymous.body).toEqual({ type: '999', message: en('please_login') });
    const missing = await t.call(auth.sendSms, { area_code: '44' }, { token, lang: 'en' });
    expect(missing.body).toEqual({ type: 'error', message: 'Mobile number is required' });
  });
});
