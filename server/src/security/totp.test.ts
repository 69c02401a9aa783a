import { generate } from 'otplib';
import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as fund from '@contract/fund';
import * as identity from '@contract/identity';
import * as security from '@contract/security';
import { translate } from '../i18n';
import { PASSWORD, registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { SECOND } from '../testing/clock';
import { call, ok } from '../testing/fund';
import { latestCode } from '../testing/mailbox';
import { confirmByCode } from '../testing/security';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';

const NEW_PASSWORD = 'another-secret-7';
const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

/** A fixed clock in the middle of a 30 s step, so ±1 step is unambiguous. */
const START = new Date('2026-03-02T10:00:15.000Z');

/** The app's code for the clock `offsetSteps` steps from now. */
const codeAt = (t: TestApp, secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * 30 });

async function enrolled(t: TestApp) {
  t.clock.set(START);
  const u = await registerUser(t);
  const as = { token: u.token, lang: 'en' };
  const setup = await ok<{ secret: string; uri: string; qr: string }>(call(t, security.totpSetup, {}, as));
  const { recovery_codes } = await ok<{ recovery_codes: string[] }>(
    call(t, security.totpConfirm, { code: await codeAt(t, setup.secret) }, as),
  );
  // Past the enrolment code's step and the one either side of it.
  t.clock.advance(90 * SECOND);
  return { u, as, secret: setup.secret, setup, recovery: recovery_codes };
}

/** Starts a confirmation of removing the app (factor totp) and proves it with `code`. */
async function proveRemoval(t: TestApp, as: { token: string; lang: string }, code: string) {
  const started = await ok<{ id: number; factor: string }>(
    call(t, security.stepUpStart, { action: 'remove_totp', params: '{}' }, as),
  );
  expect(started.factor).toBe('totp');
  return call(t, security.stepUpVerify, { id: started.id, code }, as);
}

describeOnOneDatabase('authenticator app', ({ app }) => {
  it('enrols with a QR code and the secret as text, then answers ten recovery codes once', async () => {
    const t = app();
    const { as, setup, recovery } = await enrolled(t);
    expect(setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const c of recovery) expect(c).toMatch(security.RECOVERY_CODE_PATTERN);
    expect(await ok(call(t, security.overview, {}, as))).toMatchObject({
      strongest: 'totp',
      totp: { enabled: true, recovery_codes_left: 10 },
    });
    // Enrolled: a second setup is refused, and nothing is shown again.
    expect((await call(t, security.totpSetup, {}, as)).body).toEqual({ type: 'error', message: en('totp_exists') });
    expect((await call(t, security.totpConfirm, { code: '123456' }, as)).body.message).toBe(en('totp_exists'));
  });

  it('refuses a wrong first code; confirming needs a started setup', async () => {
    const t = app();
    const u = await registerUser(t);
    const as = { token: u.token, lang: 'en' };
    expect((await call(t, security.totpConfirm, { code: '123456' }, as)).body.message).toBe(en('totp_not_started'));
    const setup = await ok<{ secret: string }>(call(t, security.totpSetup, {}, as));
    const right = await codeAt(t, setup.secret);
    const wrong = right === '000000' ? '000001' : '000000';
    expect((await call(t, security.totpConfirm, { code: wrong }, as)).body.message).toBe(en('totp_wrong'));
    expect((await call(t, security.totpConfirm, { code: '' }, as)).body.type).toBe('error');
    expect((await call(t, security.totpConfirm, { code: 'x'.repeat(33) }, as)).body.type).toBe('error');
    await ok(call(t, security.totpConfirm, { code: right }, as));
  });

  it('accepts a code within one step either side, not two; each code once', async () => {
    const t = app();
    const { as, secret } = await enrolled(t);
    expect((await proveRemoval(t, as, await codeAt(t, secret, -2))).body.message).toBe(en('totp_wrong'));
    expect((await proveRemoval(t, as, await codeAt(t, secret, 2))).body.message).toBe(en('totp_wrong'));
    const previous = await codeAt(t, secret, -1);
    await ok(proveRemoval(t, as, previous));
    // The same code again, and any code of that step or before, is a replay.
    expect((await proveRemoval(t, as, previous)).body.message).toBe(en('totp_used'));
    await ok(proveRemoval(t, as, await codeAt(t, secret, 1)));
    expect((await proveRemoval(t, as, await codeAt(t, secret, 0))).body.message).toBe(en('totp_used'));
  });

  it('recovery codes work once each, in place of a code', async () => {
    const t = app();
    const { as, recovery } = await enrolled(t);
    const [first, second] = recovery;
    await ok(proveRemoval(t, as, first!));
    expect((await proveRemoval(t, as, first!)).body.message).toBe(en('totp_wrong'));
    await ok(proveRemoval(t, as, second!.toUpperCase()));
    expect(await ok(call(t, security.overview, {}, as))).toMatchObject({ totp: { recovery_codes_left: 8 } });
  });

  it('removing the app needs a confirmation of that action; then codes by mail again', async () => {
    const t = app();
    const { u, as, secret } = await enrolled(t);
    expect((await call(t, security.totpRemove, {}, as)).body.message).toBe(en('step_up_required'));
    const proven = await ok<{ token: string }>(proveRemoval(t, as, await codeAt(t, secret)));
    // Another user cannot use it, nor can it approve another action.
    const other = await registerUser(t);
    expect(
      (await call(t, security.totpRemove, { step_up: proven.token }, { token: other.token, lang: 'en' })).body.message,
    ).toBe(en('step_up_invalid'));
    expect(
      (
        await call(
          t,
          fund.payPassword,
          { pay_password: 'pay-secret-9', re_pay_password: 'pay-secret-9', code: '123456', step_up: proven.token },
          as,
        )
      ).body.type,
    ).toBe('error');
    await ok(call(t, security.totpRemove, { step_up: proven.token }, as));
    expect(await ok(call(t, security.overview, {}, as))).toMatchObject({ strongest: 'code', totp: { enabled: false } });
    expect(await confirmByCode(t, u, 'remove_totp')).toBeTruthy();
  });

  it('asks the app for the login password change too: refused without it, nothing changed, then changed once', async () => {
    const t = app();
    const { u, as, secret } = await enrolled(t);
    const other = await ok<string>(call(t, auth.login, { user_string: u.email, password: PASSWORD }));
    await ok(call(t, auth.sendCode, { user_string: u.email, type: 'email', scene: 'password' }, as));
    const code = await latestCode(t.app.ctx.db, u.email);
    const change = { password: NEW_PASSWORD, re_password: NEW_PASSWORD, code };

    // Without the app's confirmation, or with one made for another action: refused, and the code,
    // the password and the other session are left as they were.
    expect((await call(t, identity.updatePassword, change, as)).body.message).toBe(en('step_up_required'));
    const started = await ok<{ id: number }>(
      call(t, security.stepUpStart, { action: 'pay_password', params: '{}' }, as),
    );
    const { token: forPay } = await ok<{ token: string }>(
      call(t, security.stepUpVerify, { id: started.id, code: await codeAt(t, secret) }, as),
    );
    expect((await call(t, identity.updatePassword, { ...change, step_up: forPay }, as)).body.message).toBe(
      en('step_up_invalid'),
    );
    expect((await call(t, auth.userInfo, {}, { token: other })).body.type).toBe('ok');
    expect((await call(t, auth.login, { user_string: u.email, password: PASSWORD })).body.type).toBe('ok');

    t.clock.advance(30 * SECOND);
    const mine = await ok<{ id: number }>(
      call(t, security.stepUpStart, { action: 'login_password', params: '{}' }, as),
    );
    const { token } = await ok<{ token: string }>(
      call(t, security.stepUpVerify, { id: mine.id, code: await codeAt(t, secret) }, as),
    );
    expect(await ok(call(t, identity.updatePassword, { ...change, step_up: token }, as))).toEqual({ revoked: 2 });
    expect((await call(t, auth.userInfo, {}, { token: other })).body.type).toBe('999');
    expect((await call(t, auth.login, { user_string: u.email, password: NEW_PASSWORD })).body.type).toBe('ok');
    // Used up with the change: neither the code nor the confirmation works again.
    expect((await call(t, identity.updatePassword, { ...change, step_up: token }, as)).body.type).toBe('error');
  });
});

describeEachDatabase('authenticator app under a burst', ({ app }) => {
  it('compares at most five of 120 parallel guesses; the right one late in the burst is refused', async () => {
    const t = app();
    const { as, secret } = await enrolled(t);
    const started = await ok<{ id: number }>(
      call(t, security.stepUpStart, { action: 'remove_totp', params: '{}' }, as),
    );
    const right = await codeAt(t, secret);
    const RIGHT_AT = 110;
    const replies = await Promise.all(
      Array.from({ length: 120 }, (_, i) => {
        const wrong = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
        return call(t, security.stepUpVerify, { id: started.id, code: i === RIGHT_AT ? right : wrong }, as);
      }),
    );
    const messages = replies.map((r) => r.body.message);
    const locked = en('totp_locked', { minutes: 15 });
    expect(replies[RIGHT_AT]?.body).toEqual({ type: 'error', message: locked });
    expect(messages.filter((m) => m === en('totp_wrong'))).toHaveLength(4);
    expect(messages.filter((m) => m === locked)).toHaveLength(116);
    expect((await call(t, security.stepUpVerify, { id: started.id, code: right }, as)).body.message).toBe(locked);
    t.clock.advance(15 * 60 * SECOND);
    await ok(proveRemoval(t, as, await codeAt(t, secret)));
  }, 120_000);
});
