// Throttles that guard accounts live in the database, so several API processes share them: wrong
// passwords count together whichever process each lands on, and a code's resend wait holds
// across processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { registerUser, uniqueEmail } from '../testing/accounts';
import { apiProcesses, type ApiProcess, type ApiProcesses } from '../testing/api-processes';
import { LOGIN_MAX_FAILURES } from './login-throttle';

let cluster: ApiProcesses;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  cluster = await apiProcesses();
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
}, 60_000);

afterAll(() => cluster?.close());

describe('account throttles across two API processes', () => {
  it('locks an account after wrong passwords spread over both processes', async () => {
    const alice = await registerUser(a);
    const messages = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const p = i % 2 === 0 ? a : b;
      const reply = await p.call(auth.login, { user_string: alice.email, password: 'wrong-pass-1' }, { lang: 'en' });
      messages.push(reply.body.message);
    }
    expect(messages).toEqual(Array(LOGIN_MAX_FAILURES).fill('Login failed: wrong account or password'));
    // Even the right password is refused now, through either process.
    for (const p of [a, b]) {
      const reply = await p.call(auth.login, { user_string: alice.email, password: alice.password }, { lang: 'en' });
      expect(reply.body.message).toMatch(/^Too many failed logins for this account/);
    }
  });

  it('keeps the wait before another code when it is asked for through the other process', async () => {
    const email = uniqueEmail();
    const ask = (p: ApiProcess) =>
      p.call(auth.sendCode, { user_string: email, type: 'email', scene: 'register' }, { lang: 'en' });
    expect((await ask(a)).body.type).toBe('ok');
    const again = await ask(b);
    expect(again.body).toMatchObject({ type: 'error' });
    expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting another code$/);
  });
});
