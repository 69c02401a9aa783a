import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as security from '@contract/security';
import { passkeys } from '../db/schema/index';
import { translate } from '../i18n';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { call, ok } from '../testing/fund';
import { SoftwareAuthenticator } from '../testing/passkey';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';

const en = (key: string) => translate('en', key, {});
type As = { token: string; lang: string };

async function withPasskey(t: TestApp, name = 'Phone') {
  const u = await registerUser(t);
  const as: As = { token: u.token, lang: 'en' };
  const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as));
  const credential = JSON.stringify(new SoftwareAuthenticator().register(options));
  const passkey = await ok<security.Passkey>(call(t, security.passkeyRegister, { name, credential }, as));
  return { u, as, passkey };
}

const rename = (t: TestApp, as: As, id: unknown, name: unknown) =>
  call(t, security.passkeyRename, { id, name } as Record<string, unknown>, as);
const nameOf = async (t: TestApp, id: number) =>
  (await t.app.ctx.db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.id, id)))[0]?.name;

describeOnOneDatabase('passkey rename: input and ownership', ({ app }) => {
  it('takes a name of 1 to 40 characters, trimmed; refuses bad input and changes nothing', async () => {
    const t = app();
    const { as, passkey } = await withPasskey(t);
    const forty = 'x'.repeat(security.PASSKEY_NAME_MAX);
    expect((await ok<security.Passkey>(rename(t, as, passkey.id, forty))).name).toBe(forty);
    expect((await ok<security.Passkey>(rename(t, as, passkey.id, '  Work laptop  '))).name).toBe('Work laptop');
    expect((await ok<security.Passkey>(rename(t, as, passkey.id, '我的手机'))).name).toBe('我的手机');
    for (const name of ['', '   ', 'x'.repeat(security.PASSKEY_NAME_MAX + 1), 'a\u0000b', 'line\nbreak', undefined]) {
      const reply = await rename(t, as, passkey.id, name);
      expect(reply.body.type, JSON.stringify(name)).toBe('error');
    }
    for (const id of ['', 'x', '-1', '0', '1.5', undefined]) {
      expect((await rename(t, as, id, 'Fine')).body.type, JSON.stringify(id)).toBe('error');
    }
    expect(await nameOf(t, passkey.id)).toBe('我的手机');
    // Signed out: refused.
    expect((await call(t, security.passkeyRename, { id: passkey.id, name: 'Nope' })).body.type).toBe('999');
  });

  it("refuses another user's passkey like a missing one, and leaves it as it was", async () => {
    const t = app();
    const mine = await withPasskey(t, 'Mine');
    const theirs = await withPasskey(t, 'Theirs');
    expect((await rename(t, mine.as, theirs.passkey.id, 'Stolen')).body).toEqual({
      type: 'error',
      message: en('record_not_found'),
    });
    expect((await rename(t, mine.as, 2_000_000_000, 'Gone')).body.message).toBe(en('record_not_found'));
    expect(await nameOf(t, theirs.passkey.id)).toBe('Theirs');
  });
});

describeEachDatabase('passkey rename: bursts', ({ app }) => {
  it('a burst of renames leaves one of the names asked for, and each answer is a name that was set', async () => {
    const t = app();
    const { as, passkey } = await withPasskey(t);
    const names = Array.from({ length: 8 }, (_, i) => `Name ${i}`);
    const replies = await Promise.all(names.map((n) => rename(t, as, passkey.id, n)));
    for (const [i, r] of replies.entries()) expect(r.body).toMatchObject({ type: 'ok', message: { name: names[i] } });
    expect(names).toContain(await nameOf(t, passkey.id));
    const overview = await ok<security.SecurityOverview>(call(t, security.overview, {}, as));
    expect(overview.passkeys).toHaveLength(1);
  });
});
