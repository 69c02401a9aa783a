import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { translate } from '../i18n';
import { PASSWORD, registerUser, uniqueEmail } from '../testing/accounts';
import { MINUTE } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from './login-throttle';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const locked = (minutes: number) => ({ type: 'error', message: en('login_locked', { minutes }) });
const addressOf = (i: number) => `192.0.2.${(i % 250) + 1}`;

describeEachDatabase('login throttle', ({ app }) => {
  it('locks an account after 5 wrong passwords from any addresses, then lets the right one in later', async () => {
    const t = app();
    const { email } = await registerUser(t);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await t.call(
        auth.login,
        { user_string: email, password: `wrong-${i}` },
        { lang: 'en', ip: addressOf(i) },
      );
      expect(res.body).toEqual({ type: 'error', message: en('login_failed') });
    }
    const right = await t.call(
      auth.login,
      { user_string: email, password: PASSWORD },
      { lang: 'en', ip: addressOf(99) },
    );
    expect(right.body).toEqual(locked(15));

    t.clock.advance(LOGIN_LOCK_MS - 4 * MINUTE);
    const later = await t.call(auth.login, { user_string: email, password: PASSWORD }, { lang: 'en' });
    expect(later.body).toEqual(locked(4));

    t.clock.advance(4 * MINUTE);
    const after = await t.call(auth.login, { user_string: email, password: PASSWORD }, { lang: 'en' });
    expect(after.body.type).toBe('ok');
  });

  it('holds against a burst of concurrent wrong logins: only 5 are compared', async () => {
    const t = app();
    const { email } = await registerUser(t);
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.call(auth.login, { user_string: email, password: `guess-${i}` }, { lang: 'en', ip: addressOf(i) }),
      ),
    );
    const messages = burst.map((r) => r.body.message);
    expect(messages.filter((m) => m === en('login_failed'))).toHaveLength(LOGIN_MAX_FAILURES);
    expect(messages.filter((m) => m === en('login_locked', { minutes: 15 }))).toHaveLength(25 - LOGIN_MAX_FAILURES);
    const right = await t.call(auth.login, { user_string: email, password: PASSWORD }, { lang: 'en' });
    expect(right.body).toEqual(locked(15));
  });

  it('gives the tries back after a right password', async () => {
    const t = app();
    const { email } = await registerUser(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
        const res = await t.call(auth.login, { user_string: email, password: 'wrong-password' }, { lang: 'en' });
        expect(res.body.message).toBe(en('login_failed'));
      }
      const ok = await t.call(auth.login, { user_string: email, password: PASSWORD });
      expect(ok.body.type).toBe('ok');
    }
  });

  it('locks a name that has no account exactly like an account', async () => {
    const t = app();
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await t.call(auth.login, { user_string: unknown, password: `wrong-${i}` }, { lang: 'en' });
      expect(res.body.message).toBe(en('login_failed'));
    }
    const next = await t.call(auth.login, { user_string: unknown, password: PASSWORD }, { lang: 'en' });
    expect(next.body).toEqual(locked(15));
  });
});
