import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { sessions, users } from '../db/schema/index';
import { translate } from '../i18n';
import { PASSWORD, registerUser, uniqueEmail, uniqueMobile } from '../testing/accounts';
import { DAY, MINUTE } from '../testing/clock';
import { latestCode } from '../testing/mailbox';
import { describeEachDatabase } from '../testing/suite';
import { hashToken } from '../sessions/sessions';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

describeEachDatabase('accounts', ({ app, database }) => {
  it('registers by email: token, user with own invitation code, password stored as scrypt', async () => {
    const t = app();
    const { email, token, user } = await registerUser(t);
    expect(auth.userSchema.parse(user).email).toBe(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.extension_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect(user.account_number).toMatch(/^\d{8}$/);
    expect(user.parent_id).toBeNull();
    const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
    // At the configured cost (the tests' lower one), which the hash records.
    expect(row?.passwordHash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    const [session] = await database().db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.tokenHash).toBe(hashToken(token));
  });

  it('gives every user a different invitation code', async () => {
    const t = app();
    const a = await registerUser(t);
    const b = await registerUser(t);
    expect(a.user.extension_code).not.toBe(b.user.extension_code);
  });

  it('links the referrer through extension_code, case-insensitively', async () => {
    const t = app();
    const parent = await registerUser(t);
    const child = await registerUser(t, { extension_code: parent.user.extension_code.toLowerCase() });
    expect(child.user.parent_id).toBe(parent.user.id);
  });

  it('refuses an unknown invitation code, naming it, and keeps the code usable', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    const form = { user_string: email, code, password: PASSWORD, re_password: PASSWORD };
    const res = await t.call(auth.register, { ...form, extension_code: 'NOPE2345' }, { lang: 'en' });
    expect(res.body).toEqual({ type: 'error', message: en('invitation_invalid') });
    expect((await t.call(auth.register, form)).body.type).toBe('ok');
  });

  it('registers by mobile number with an area code and logs in with it', async () => {
    const t = app();
    const mobile = uniqueMobile();
    await t.call(auth.sendCode, { user_string: mobile, type: 'mobile', area_code: '66' });
    const code = await latestCode(database().db, `+66${mobile}`);
    const res = await t.call(auth.register, {
      user_string: mobile,
      type: 'mobile',
      area_code: '+66',
      code,
      password: PASSWORD,
      re_password: PASSWORD,
    });
    expect(res.body.type).toBe('ok');
    const { user } = res.body.message as { user: auth.User };
    expect([user.phone, user.area_code, user.email]).toEqual([mobile, '66', '']);

    const withArea = await t.call(auth.login, { user_string: mobile, area_code: '66', password: PASSWORD });
    expect(withArea.body.type).toBe('ok');
    const withoutArea = await t.call(auth.login, { user_string: mobile, password: PASSWORD });
    expect(withoutArea.body.type).toBe('ok');
  });

  it('refuses a second account for the same address, and a reused code', async () => {
    const t = app();
    const { email } = await registerUser(t);
    const dup = await t.call(
      auth.register,
      { user_string: email.toUpperCase(), code: '123456', password: PASSWORD, re_password: PASSWORD },
      { lang: 'en' },
    );
    // Without a register code for it, nobody learns that the address is taken.
    expect(dup.body).toEqual({ type: 'error', message: en('code_expired') });

    const other = uniqueEmail();
    await t.call(auth.sendCode, { user_string: other });
    const code = await latestCode(database().db, other);
    const form = { user_string: other, code, password: PASSWORD, re_password: PASSWORD };
    expect((await t.call(auth.register, form)).body.type).toBe('ok');
    const again = await t.call(auth.register, form, { lang: 'en' });
    expect(again.body).toEqual({ type: 'error', message: en('code_expired') });
  });

  it('does not register without a code sent for registration', async () => {
    const t = app();
    const res = await t.call(
      auth.register,
      { user_string: uniqueEmail(), code: '123456', password: PASSWORD, re_password: PASSWORD },
      { lang: 'en' },
    );
    expect(res.body).toEqual({ type: 'error', message: en('code_expired') });
  });

  it('reports missing and malformed register fields by name', async () => {
    const t = app();
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'Account is required'],
      [{ user_string: 'a@example.com' }, 'Verification code is required'],
      [{ user_string: 'a@example.com', code: '123456' }, 'Password is required'],
      [{ user_string: 'a@example.com', code: '123456', password: PASSWORD }, 'Confirm password is required'],
      [{ user_string: 'nope', code: '123456', password: PASSWORD, re_password: PASSWORD }, en('email_invalid')],
    ];
    for (const [form, message] of cases) {
      const res = await t.call(auth.register, form, { lang: 'en' });
      expect(res.body, JSON.stringify(form)).toEqual({ type: 'error', message });
    }
  });

  it('logs in with the password; the reply message is the token', async () => {
    const t = app();
    const { email } = await registerUser(t);
    const res = await t.call(auth.login, { user_string: email.toUpperCase(), password: PASSWORD });
    expect(res.body.type).toBe('ok');
    const token = res.body.message as string;
    const info = await t.call(auth.userInfo, {}, { token: `Bearer ${token}` });
    expect(info.body.type).toBe('ok');
    expect((info.body.message as auth.User).email).toBe(email);
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const t = app();
    const { email } = await registerUser(t);
    const wrong = await t.call(auth.login, { user_string: email, password: 'not-the-password' }, { lang: 'en' });
    const unknown = await t.call(auth.login, { user_string: uniqueEmail(), password: PASSWORD }, { lang: 'en' });
    expect(wrong.body).toEqual({ type: 'error', message: en('login_failed') });
    expect(unknown.body).toEqual(wrong.body);
    const hk = await t.call(auth.login, { user_string: email, password: 'nope' }, { lang: 'hk' });
    expect(hk.body.message).toBe(translate('hk', 'login_failed'));
  });

  it('answers 999 for a missing, garbage, unknown, revoked or idle token', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const missing = await t.call(auth.userInfo, {}, { lang: 'en' });
    expect(missing.body).toEqual({ type: '999', message: en('please_login') });
    const garbage = await t.call(auth.userInfo, {}, { token: 'not a token', lang: 'en' });
    expect(garbage.body).toEqual({ type: '999', message: en('session_expired') });
    const unknown = await t.call(auth.userInfo, {}, { token: 'A'.repeat(43), lang: 'en' });
    expect(unknown.body).toEqual({ type: '999', message: en('session_expired') });

    const logout = await t.call(auth.logout, {}, { token });
    expect(logout.body).toEqual({ type: 'ok', message: 'ok' });
    const revoked = await t.call(auth.userInfo, {}, { token, lang: 'en' });
    expect(revoked.body).toEqual({ type: '999', message: en('session_expired') });
    const logoutAgain = await t.call(auth.logout, {}, { token });
    expect(logoutAgain.body.type).toBe('999');
  });

  it('expires sessions after SESSION_IDLE_DAYS without use, and activity keeps them alive', async () => {
    const t = app();
    const { token } = await registerUser(t);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * DAY);
      expect((await t.call(auth.userInfo, {}, { token })).body.type).toBe('ok');
    }
    t.clock.advance(30 * DAY + MINUTE);
    expect((await t.call(auth.userInfo, {}, { token })).body.type).toBe('999');
  });

  it('records last use at most once a minute', async () => {
    const t = app();
    const { email } = await registerUser(t);
    const token = (await t.call(auth.login, { user_string: email, password: PASSWORD })).body.message as string;
    const seen = async () => {
      const [row] = await database()
        .db.select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      return row?.lastSeenAt.getTime();
    };
    const first = await seen();
    t.clock.advance(30_000);
    await t.call(auth.userInfo, {}, { token });
    expect(await seen()).toBe(first);
    t.clock.advance(MINUTE);
    await t.call(auth.userInfo, {}, { token });
    expect(await seen()).toBe(t.clock.now().getTime());
  });

  it('resets the password with a forget code and revokes every session', async () => {
    const t = app();
    const { email, token } = await registerUser(t);
    const second = (await t.call(auth.login, { user_string: email, password: PASSWORD })).body.message as string;
    t.clock.advance(MINUTE);
    expect((await t.call(auth.sendCode, { user_string: email, scene: 'forget' })).body.type).toBe('ok');
    const code = await latestCode(database().db, email);
    const newPassword = 'brand-new-secret';
    const res = await t.call(auth.forget, { account: email, code, password: newPassword, repassword: newPassword });
    expect(res.body).toEqual({ type: 'ok', message: 'ok' });
    for (const tok of [token, second]) {
      expect((await t.call(auth.userInfo, {}, { token: tok })).body.type).toBe('999');
    }
    expect((await t.call(auth.login, { user_string: email, password: PASSWORD })).body.type).toBe('error');
    expect((await t.call(auth.login, { user_string: email, password: newPassword })).body.type).toBe('ok');
    const reuse = await t.call(
      auth.forget,
      { account: email, code, password: newPassword, repassword: newPassword },
      { lang: 'en' },
    );
    expect(reuse.body).toEqual({ type: 'error', message: en('code_expired') });
  });

  it('does not reset with a register code, for unknown accounts, or with mismatched passwords', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    const unknown = await t.call(
      auth.forget,
      { account: email, code, password: PASSWORD, repassword: PASSWORD },
      { lang: 'en' },
    );
    // A register code is no reset code; the reply says nothing about the account.
    expect(unknown.body).toEqual({ type: 'error', message: en('code_expired') });
    await t.call(auth.register, { user_string: email, code, password: PASSWORD, re_password: PASSWORD });
    const registerCode = await t.call(
      auth.forget,
      { account: email, code, password: PASSWORD, repassword: PASSWORD },
      { lang: 'en' },
    );
    expect(registerCode.body).toEqual({ type: 'error', message: en('code_expired') });
    const mismatch = await t.call(
      auth.forget,
      { account: email, code, password: PASSWORD, repassword: 'different-one' },
      { lang: 'en' },
    );
    expect(mismatch.body).toEqual({ type: 'error', message: en('passwords_inconsistent') });
    const missing = await t.call(auth.forget, {}, { lang: 'en' });
    expect(missing.body).toEqual({ type: 'error', message: 'Account is required' });
  });
});
