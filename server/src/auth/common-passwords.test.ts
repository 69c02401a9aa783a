import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { translate } from '../i18n';
import { PASSWORD, registerUser, uniqueEmail } from '../testing/accounts';
import { MINUTE } from '../testing/clock';
import { latestCode } from '../testing/mailbox';
import { describeOnOneDatabase } from '../testing/suite';
import { isCommonPassword } from './passwords';

const tooCommon = { type: 'error', message: translate('en', 'password_too_common', { field: 'password' }) };

it('knows the most common passwords, in any case, and not a made-up one', async () => {
  for (const p of ['password', '12345678', 'qwerty123', 'iloveyou', 'Password1', 'DRAGON']) {
    expect(await isCommonPassword(p), p).toBe(true);
  }
  expect(await isCommonPassword(PASSWORD)).toBe(false);
  expect(await isCommonPassword('correct horse battery staple 7')).toBe(false);
});

describeOnOneDatabase('common passwords', ({ app, database }) => {
  it('refuses a common password on registration and on reset, naming the field', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const code = await latestCode(database().db, email);
    const form = { user_string: email, code, password: 'password1', re_password: 'password1' };
    expect((await t.call(auth.register, form, { lang: 'en' })).body).toEqual(tooCommon);
    // The code was not used up by the refusal.
    expect((await t.call(auth.register, { ...form, password: PASSWORD, re_password: PASSWORD })).body.type).toBe('ok');

    t.clock.advance(MINUTE);
    const { email: other } = await registerUser(t);
    await t.call(auth.sendCode, { user_string: other, scene: 'forget' });
    const resetCode = await latestCode(database().db, other);
    const reset = { account: other, code: resetCode, password: 'qwerty123', repassword: 'qwerty123' };
    expect((await t.call(auth.forget, reset, { lang: 'en' })).body).toEqual(tooCommon);
  });
});
