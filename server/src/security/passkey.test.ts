import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as fund from '@contract/fund';
import * as security from '@contract/security';
import { passkeys } from '../db/schema/index';
import { translate } from '../i18n';
import { balanceOf } from '../ledger/index';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { DAY, MINUTE } from '../testing/clock';
import { call, ok, PAY_PASSWORD } from '../testing/fund';
import { SoftwareAuthenticator } from '../testing/passkey';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';
import { withdrawalAppOptions, withdrawer } from '../testing/withdrawal';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const FAILED = { type: 'error', message: en('passkey_failed') };
const USDT = 3;

type As = { token: string; lang: string };

/** Adds a passkey made by `key` to the account; answers it as the server lists it. */
async function addPasskey(t: TestApp, as: As, key: SoftwareAuthenticator, name = 'Phone') {
  const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as));
  const credential = JSON.stringify(key.register(options));
  return ok<security.Passkey>(call(t, security.passkeyRegister, { name, credential }, as));
}

async function withPasskey(t: TestApp, key = new SoftwareAuthenticator()) {
  const u = await registerUser(t);
  const as = { token: u.token, lang: 'en' };
  const passkey = await addPasskey(t, as, key);
  return { u, as, key, passkey };
}

const loginOptions = (t: TestApp) =>
  ok<security.WebAuthnOptions>(call(t, security.passkeyLoginOptions, {}, { lang: 'en' }));
const login = (t: TestApp, credential: unknown) =>
  call(t, security.passkeyLogin, { credential: JSON.stringify(credential) }, { lang: 'en' });

/** Starts a confirmation (factor passkey) of removing `id`; answers it with the options to sign. */
async function startRemoval(t: TestApp, as: As, id: number) {
  const started = await ok<{ id: number; factor: string; passkey: security.WebAuthnOptions | null }>(
    call(t, security.stepUpStart, { action: 'remove_passkey', params: JSON.stringify({ id }) }, as),
  );
  expect(started.factor).toBe('passkey');
  return { id: started.id, options: started.passkey! };
}

const verifyStepUp = (t: TestApp, as: As, id: number, credential: unknown) =>
  call(t, security.stepUpVerify, { id, credential: JSON.stringify(credential) }, as);

describeOnOneDatabase('passkeys', ({ app }) => {
  it('adds several named passkeys, lists them, and makes the passkey the factor every action asks for', async () => {
    const t = app();
    const { as, key, passkey } = await withPasskey(t);
    expect(passkey).toMatchObject({ name: 'Phone', last_used_at: null });
    expect(Date.parse(passkey.created_at)).toBe(t.clock.now().getTime());
    const laptop = await addPasskey(t, as, new SoftwareAuthenticator(), 'Laptop');
    const overview = await ok<security.SecurityOverview>(call(t, security.overview, {}, as));
    expect(overview.strongest).toBe('passkey');
    expect(overview.passkeys.map((p) => p.name)).toEqual(['Phone', 'Laptop']);
    // Adding a passkey is a credential change like adding the app: withdrawals pause a day.
    expect(overview.withdrawals.paused_until).toBe(new Date(t.clock.now().getTime() + DAY).toISOString());

    // The options already exclude both, so the same authenticator is not added twice.
    const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as));
    const excluded = (options.excludeCredentials as { id: string }[]).map((c) => c.id);
    expect(excluded).toHaveLength(2);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // Renamed; another user's passkey answers like a missing one.
    const other = await registerUser(t);
    const renamed = await ok<security.Passkey>(call(t, security.passkeyRename, { id: laptop.id, name: 'Work' }, as));
    expect(renamed.name).toBe('Work');
    expect(
      (await call(t, security.passkeyRename, { id: laptop.id, name: 'Mine' }, { token: other.token, lang: 'en' })).body,
    ).toEqual({ type: 'error', message: en('record_not_found') });
    expect(key.keys.size).toBe(1);
  });

  it('refuses bad input, a challenge of another account, a reused registration and an eleventh passkey', async () => {
    const t = app();
    const u = await registerUser(t);
    const as = { token: u.token, lang: 'en' };
    const key = new SoftwareAuthenticator();
    for (const credential of [
      '',
      'not json',
      '{}',
      '[1]',
      JSON.stringify({ id: 'x', rawId: 'x', type: 'public-key' }),
    ]) {
      const reply = await call(t, security.passkeyRegister, { name: 'A', credential }, as);
      expect(reply.body.type).toBe('error');
    }
    const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as));
    const made = key.register(options);
    expect(
      (await call(t, security.passkeyRegister, { name: 'x'.repeat(41), credential: JSON.stringify(made) }, as)).body
        .type,
    ).toBe('error');
    // The options of one account cannot add a passkey to another.
    const other = await registerUser(t);
    const asOther = { token: other.token, lang: 'en' };
    expect(
      (await call(t, security.passkeyRegister, { name: 'A', credential: JSON.stringify(made) }, asOther)).body,
    ).toEqual(FAILED);
    // The challenge is single use: its answer is taken once, a second time refused.
    await ok(call(t, security.passkeyRegister, { name: 'A', credential: JSON.stringify(made) }, as));
    expect((await call(t, security.passkeyRegister, { name: 'B', credential: JSON.stringify(made) }, as)).body).toEqual(
      FAILED,
    );
    // An expired challenge is refused.
    const late = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as));
    t.clock.advance(6 * MINUTE);
    const lateAnswer = JSON.stringify(new SoftwareAuthenticator().register(late));
    expect((await call(t, security.passkeyRegister, { name: 'C', credential: lateAnswer }, as)).body).toEqual(FAILED);
    for (let i = 1; i < security.PASSKEY_MAX; i++) await addPasskey(t, as, new SoftwareAuthenticator(), `Key ${i}`);
    expect((await call(t, security.passkeyRegisterOptions, {}, as)).body).toEqual({
      type: 'error',
      message: en('passkey_limit', { max: security.PASSKEY_MAX }),
    });
  });

  it('signs in without a password, the same session as the password login', async () => {
    const t = app();
    const { u, key, passkey } = await withPasskey(t);
    t.clock.advance(MINUTE);
    const options = await loginOptions(t);
    // Discoverable: no account named, no credential listed, the user verified.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const token = await ok<string>(login(t, key.assert(options)));
    const me = await ok<auth.User>(call(t, auth.userInfo, {}, { token }));
    expect(me.id).toBe(u.user.id);
    const overview = await ok<security.SecurityOverview>(call(t, security.overview, {}, { token, lang: 'en' }));
    expect(overview.passkeys[0]).toMatchObject({ id: passkey.id, last_used_at: t.clock.now().toISOString() });
  });

  it('refuses a replayed assertion, a wrong origin, a counter gone back, no user verification and unknown keys', async () => {
    const t = app();
    const { key } = await withPasskey(t);
    const first = key.assert(await loginOptions(t));
    await ok(login(t, first));
    // Replayed: its challenge is used up (and its counter is no longer ahead).
    expect((await login(t, first)).body).toEqual(FAILED);
    // Signed for a page on another origin.
    expect((await login(t, key.assert(await loginOptions(t), { origin: 'https://evil.example' }))).body).toEqual(
      FAILED,
    );
    expect((await login(t, key.assert(await loginOptions(t), { origin: 'http://127.0.0.1:5173' }))).body).toEqual(
      FAILED,
    );
    // A counter that goes back shows a cloned key.
    expect((await login(t, key.assert(await loginOptions(t), { counter: 1 }))).body).toEqual(FAILED);
    expect((await login(t, key.assert(await loginOptions(t), { verified: false }))).body).toEqual(FAILED);
    // A challenge the server never issued, and a key it never registered.
    const forged = key.assert({ challenge: 'bm90LWlzc3VlZA' });
    expect((await login(t, forged)).body).toEqual(FAILED);
    const stranger = new SoftwareAuthenticator();
    stranger.register({ challenge: 'x', user: { id: 'dTE' } });
    expect((await login(t, stranger.assert(await loginOptions(t)))).body).toEqual(FAILED);
    // After all that, the real key still signs in.
    await ok(login(t, key.assert(await loginOptions(t))));
  });

  it('takes the relying party from PUBLIC_URL', async () => {
    const t = app();
    t.config.publicUrl = 'https://h5.example.com';
    const key = new SoftwareAuthenticator('h5.example.com', 'https://h5.example.com');
    const { u } = await withPasskey(t, key);
    const token = await ok<string>(login(t, key.assert(await loginOptions(t))));
    expect((await ok<auth.User>(call(t, auth.userInfo, {}, { token }))).id).toBe(u.user.id);
    expect((await login(t, key.assert(await loginOptions(t), { origin: 'http://localhost:5173' }))).body).toEqual(
      FAILED,
    );
    // Made for another relying party (its id is hashed into the authenticator data).
    const as = { token: u.token, lang: 'en' };
    const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as));
    expect(options.rp).toMatchObject({ id: 'h5.example.com' });
    const elsewhere = new SoftwareAuthenticator('localhost', 'https://h5.example.com');
    const credential = JSON.stringify(elsewhere.register(options));
    expect((await call(t, security.passkeyRegister, { name: 'Other', credential }, as)).body).toEqual(FAILED);
  });

  it('removes a passkey only with a confirmation by a passkey, bound to that passkey', async () => {
    const t = app();
    const { as, key, passkey } = await withPasskey(t);
    const second = await addPasskey(t, as, new SoftwareAuthenticator(), 'Laptop');
    expect((await call(t, security.passkeyRemove, { id: passkey.id }, as)).body).toEqual({
      type: 'error',
      message: en('step_up_required'),
    });
    const removal = await startRemoval(t, as, passkey.id);
    // Only the user's own passkeys may answer it.
    expect((removal.options.allowCredentials as { id: string }[]).length).toBe(2);
    const other = await withPasskey(t);
    expect((await verifyStepUp(t, as, removal.id, other.key.assert(removal.options))).body).toEqual(FAILED);
    // Another user cannot prove this user's confirmation, even with this user's key.
    expect((await verifyStepUp(t, other.as, removal.id, key.assert(removal.options))).body).toEqual({
      type: 'error',
      message: en('record_not_found'),
    });
    // A signature over another challenge does not prove it.
    const elsewhere = await startRemoval(t, as, second.id);
    expect((await verifyStepUp(t, as, removal.id, key.assert(elsewhere.options))).body).toEqual(FAILED);
    expect((await call(t, security.stepUpVerify, { id: removal.id, code: '123456' }, as)).body.type).toBe('error');
    const { token } = await ok<{ token: string }>(verifyStepUp(t, as, removal.id, key.assert(removal.options)));
    // Made for the first passkey: it cannot remove the second.
    expect((await call(t, security.passkeyRemove, { id: second.id, step_up: token }, as)).body).toEqual({
      type: 'error',
      message: en('step_up_invalid'),
    });
    // Another user's passkey id answers like a missing one.
    expect((await call(t, security.passkeyRemove, { id: other.passkey.id, step_up: token }, as)).body).toEqual({
      type: 'error',
      message: en('record_not_found'),
    });
    t.clock.advance(MINUTE);
    await ok(call(t, security.passkeyRemove, { id: passkey.id, step_up: token }, as));
    const overview = await ok<security.SecurityOverview>(call(t, security.overview, {}, as));
    expect(overview.passkeys.map((p) => p.id)).toEqual([second.id]);
    // Removing is a credential change: withdrawals pause again.
    expect(overview.withdrawals.paused_until).toBe(new Date(t.clock.now().getTime() + DAY).toISOString());
    expect((await call(t, security.passkeyRemove, { id: passkey.id, step_up: token }, as)).body.type).toBe('error');
  });
});

describeEachDatabase(
  'passkeys under races',
  ({ app, database }) => {
    it('of parallel sign-ins with one assertion, exactly one gets a session', async () => {
      const t = app();
      const { key } = await withPasskey(t);
      const assertion = key.assert(await loginOptions(t));
      const replies = await Promise.all(Array.from({ length: 10 }, () => login(t, assertion)));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      expect(replies.filter((r) => r.body.message === FAILED.message)).toHaveLength(9);
    });

    it('of parallel proofs of one confirmation by a key without a counter, exactly one gets a token', async () => {
      const t = app();
      const { as, key, passkey } = await withPasskey(
        t,
        new SoftwareAuthenticator('localhost', 'http://localhost', false),
      );
      const removal = await startRemoval(t, as, passkey.id);
      const assertion = key.assert(removal.options);
      const replies = await Promise.all(Array.from({ length: 10 }, () => verifyStepUp(t, as, removal.id, assertion)));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      const [row] = await database().db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
      expect(row!.counter).toBe(0);
    });

    it('a withdrawal is confirmed by the passkey, once, for exactly its parameters', async () => {
      const t = app();
      const w = await withdrawer(t);
      const as = { token: w.u.token, lang: 'en' };
      const key = new SoftwareAuthenticator();
      await addPasskey(t, as, key);
      // The pause after adding a credential runs out first.
      t.clock.advance(DAY + MINUTE);
      const withdraw = (amount: string, step_up?: string) =>
        call(t, fund.withdraw, { ...w.params(amount), pay_password: PAY_PASSWORD, step_up }, as);
      expect((await withdraw('10')).body).toEqual({ type: 'error', message: en('step_up_required') });
      const started = await ok<{ id: number; factor: string; passkey: security.WebAuthnOptions }>(
        call(t, security.stepUpStart, { action: 'withdraw', params: JSON.stringify(w.params('10')) }, as),
      );
      expect(started.factor).toBe('passkey');
      const { token } = await ok<{ token: string }>(verifyStepUp(t, as, started.id, key.assert(started.passkey)));
      expect((await withdraw('900', token)).body).toEqual({ type: 'error', message: en('step_up_invalid') });
      const replies = await Promise.all(Array.from({ length: 5 }, () => withdraw('10', token)));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      expect(await balanceOf(database().db, w.u.user.id, USDT, 'change')).toEqual({ available: '990', held: '10' });
    }, 120_000);
  },
  withdrawalAppOptions,
);
