// Sessions with several API processes: each keeps signed-in sessions in memory; a sign-out or an
// account change made through one reaches the others by the database's announcement, and a
// process that lost its notification connection forgets what it read meanwhile once it is back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as identity from '@contract/identity';
import * as profile from '@contract/profile';
import { registerUser } from '../testing/accounts';
import {
  apiProcesses,
  interruptNotifications,
  notificationsSettled,
  writeUnannounced,
  type ApiProcess,
  type ApiProcesses,
} from '../testing/api-processes';
import { okOf } from '../testing/wallet';

let cluster: ApiProcesses;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  cluster = await apiProcesses();
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
}, 60_000);

afterAll(() => cluster?.close());

/** The reply type of `/user/info` on `p` with `token`: 'ok', or '999' when not signed in. */
const infoType = async (p: ApiProcess, token: string) => (await p.call(auth.userInfo, {}, { token })).body.type;

async function secondSession(p: ApiProcess, user: { email: string; password: string }): Promise<string> {
  const reply = await p.call(auth.login, { user_string: user.email, password: user.password });
  return okOf(auth.login, reply.body);
}

describe('sessions across two API processes', () => {
  it('refuses on B a session signed out through A', async () => {
    const alice = await registerUser(a);
    expect(await infoType(b, alice.token)).toBe('ok');
    // Control: revoked without an announcement, B still answers from its copy.
    await writeUnannounced(b, sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${alice.user.id}`);
    expect(await infoType(b, alice.token)).toBe('ok');
    await writeUnannounced(b, sql`UPDATE sessions SET revoked_at = NULL WHERE user_id = ${alice.user.id}`);

    expect((await a.call(auth.logout, {}, { token: alice.token })).body.type).toBe('ok');
    await notificationsSettled(b);
    expect(await infoType(b, alice.token)).toBe('999');
  });

  it('signs out every other device through A, as B sees it', async () => {
    const bob = await registerUser(a);
    const phone = await secondSession(b, bob);
    const tablet = await secondSession(a, bob);
    for (const token of [bob.token, phone, tablet]) expect(await infoType(b, token)).toBe('ok');
    const signedOut = await a.call(identity.logoutOtherSessions, {}, { token: tablet });
    expect(okOf(identity.logoutOtherSessions, signedOut.body)).toEqual({ revoked: 2 });
    await notificationsSettled(b);
    expect([await infoType(b, bob.token), await infoType(b, phone), await infoType(b, tablet)]).toEqual([
      '999',
      '999',
      'ok',
    ]);
  });

  it('answers /user/info on B with a change made through A', async () => {
    const carol = await registerUser(a);
    const before = okOf(auth.userInfo, (await b.call(auth.userInfo, {}, { token: carol.token })).body);
    expect(before.nickname).not.toBe('Renamed7');
    const renamed = await a.call(profile.editNickname, { nickname: 'Renamed7' }, { token: carol.token });
    expect(renamed.body.type).toBe('ok');
    await notificationsSettled(b);
    const after = okOf(auth.userInfo, (await b.call(auth.userInfo, {}, { token: carol.token })).body);
    expect(after.nickname).toBe('Renamed7');
  });

  it('forgets, once its notifications are back, a session it read while they were down', async () => {
    const dave = await registerUser(a);
    const gap = await interruptNotifications(b);
    // Read (and kept) by B while nothing reaches it; then signed out through A, unheard by B.
    expect(await infoType(b, dave.token)).toBe('ok');
    expect((await a.call(auth.logout, {}, { token: dave.token })).body.type).toBe('ok');
    // The sign-out fell in the gap (B reconnects a second after the loss).
    expect(gap.isResumed()).toBe(false);
    await gap.resumed;
    expect(await infoType(b, dave.token)).toBe('999');
  });
});
