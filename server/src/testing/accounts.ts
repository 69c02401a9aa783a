import { randomBytes } from 'node:crypto';
import * as auth from '@contract/auth';
import type { User } from '@contract/auth';
import type { TestApp } from './app';
import { MINUTE } from './clock';
import { latestCode } from './mailbox';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

/** A random mobile number that passes the checkers (8 digits after a leading 6). */
export const uniqueMobile = () => `6${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
/** A mainland (+86) mobile: 11 digits, 1 then 3-9. */
export const uniqueMainlandMobile = () => `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

export const PASSWORD = 'secret-pass-1';

/** Registers an account through the real endpoints (code from the development mailbox). */
export async function registerUser(
  t: TestApp,
  options: { email?: string; password?: string; extension_code?: string } = {},
): Promise<{ email: string; password: string; token: string; user: User }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const sent = await t.call(auth.sendCode, { user_string: email, type: 'email', scene: 'register' });
  if (sent.body.type !== 'ok') throw new Error(`sms_mail failed: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(t.app.ctx.db, email);
  const res = await t.call(auth.register, {
    user_string: email,
    code,
    password,
    re_password: password,
    type: 'email',
    ...(options.extension_code ? { extension_code: options.extension_code } : {}),
  });
  if (res.body.type !== 'ok') throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  // Later code requests to other addresses from this test app must not hit the resend wait.
  t.clock.advance(MINUTE);
  const message = res.body.message as { token: string; user: User };
  return { email, password, token: message.token, user: message.user };
}
