import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { users } from '../db/schema/index';
import { PASSWORD, registerUser } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/app';
import { SECOND } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { resolveSession, revokeOtherSessions, sessionChangesSettled } from './sessions';

const typeOf = async (t: TestApp, token: string) => (await t.call(auth.userInfo, {}, { token })).body.type;

describeEachDatabase('session cache', ({ app, database }) => {
  const extra: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(extra.splice(0).map((t) => t.close()));
  });

  it('serves signed-in requests from memory and still refuses a token at once after logout', async () => {
    const t = app();
    const { token } = await registerUser(t);
    expect(await typeOf(t, token)).toBe('ok');
    expect(t.app.ctx.sessions.size).toBe(1);
    expect((await t.call(auth.logout, {}, { token })).body.type).toBe('ok');
    expect(await typeOf(t, token)).toBe('999');
  });

  it('logs out other devices at once and keeps the current one', async () => {
    const t = app();
    const { email, token: first } = await registerUser(t);
    const second = (await t.call(auth.login, { user_string: email, password: PASSWORD })).body.message as string;
    expect(await typeOf(t, first)).toBe('ok');
    expect(await typeOf(t, second)).toBe('ok');
    expect(t.app.ctx.sessions.size).toBe(2);
    const firstAuth = await resolveSession(t.app.ctx, first);
    if (!firstAuth) throw new Error('first session resolves');
    await revokeOtherSessions(t.app.ctx, firstAuth.user.id, firstAuth.sessionId);
    expect(await typeOf(t, second)).toBe('999');
    expect(await typeOf(t, first)).toBe('ok');
  });

  it('refuses a cached session as soon as its account is disabled, whoever writes it', async () => {
    const t = app();
    const { token, email } = await registerUser(t);
    expect(await typeOf(t, token)).toBe('ok');
    // As an operator's SQL or another process would: not through any function of this app.
    await database().db.update(users).set({ disabled: true }).where(eq(users.email, email));
    await sessionChangesSettled(t.app.ctx);
    expect(await typeOf(t, token)).toBe('999');
  });

  it('shows account changes made elsewhere on the next request', async () => {
    const t = app();
    const { token, email } = await registerUser(t);
    expect(await typeOf(t, token)).toBe('ok');
    await database().db.update(users).set({ nickname: 'renamed elsewhere' }).where(eq(users.email, email));
    await sessionChangesSettled(t.app.ctx);
    const info = await t.call(auth.userInfo, {}, { token });
    expect((info.body.message as auth.User).nickname).toBe('renamed elsewhere');
  });

  it('still enforces the idle expiry on a cached session', async () => {
    // 43.2 s of idleness allowed: less than the cache keeps a copy, so the cached copy decides.
    const t = await createTestApp(database(), { config: { sessionIdleDays: 0.0005 } });
    extra.push(t);
    const { email } = await registerUser(t);
    const token = (await t.call(auth.login, { user_string: email, password: PASSWORD })).body.message as string;
    expect(await typeOf(t, token)).toBe('ok');
    t.clock.advance(20 * SECOND);
    expect(await typeOf(t, token)).toBe('ok');
    expect(t.app.ctx.sessions.size).toBe(1);
    t.clock.advance(25 * SECOND);
    expect(await typeOf(t, token)).toBe('999');
  });

  it('revokes in one server process and the other refuses the token once the announcement reached it', async () => {
    const a = app();
    const b = await createTestApp(database());
    extra.push(b);
    const { token } = await registerUser(a);
    const bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const viaB = async () => {
      const res = await fetch(`${bUrl}/api/user/info`, { headers: { authorization: token } });
      return ((await res.json()) as { type: string }).type;
    };
    expect(await viaB()).toBe('ok');
    expect(b.app.ctx.sessions.size).toBe(1);
    expect((await a.call(auth.logout, {}, { token })).body.type).toBe('ok');
    // The logout's reply waits for its own process's announcement only; the other process gets
    // its copy through its own connection, possibly a few milliseconds later on a loaded machine.
    await sessionChangesSettled(b.app.ctx);
    expect(b.app.ctx.sessions.size).toBe(0);
    expect(await viaB()).toBe('999');
  });
});
