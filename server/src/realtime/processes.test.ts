// Sockets with several API processes on one database and one Redis: a user's events reach the
// connection whichever process holds it, and a session ended through one process logs out its
// connections on every other, also when the sign-out fell while a process's notifications were down.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as identity from '@contract/identity';
import { registerUser } from '../testing/accounts';
import { apiProcesses, interruptNotifications, type ApiProcess, type ApiProcesses } from '../testing/api-processes';
import { clientFactory, collect, listen, nextEvent, receiveWhile } from '../testing/socket-client';
import { okOf } from '../testing/wallet';
import { userRoom } from './rooms';

let cluster: ApiProcesses;
let a: ApiProcess;
let b: ApiProcess;
let bUrl: string;
const clients = clientFactory();

beforeAll(async () => {
  cluster = await apiProcesses();
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  bUrl = await listen(b.app);
}, 60_000);

afterEach(() => clients.closeAll());
afterAll(() => cluster?.close());

/** A connection to B logged in with `token`. */
async function loggedInOnB(token: string) {
  const socket = await clients.connect(bUrl);
  expect(await socket.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
  return socket;
}

/** B's own connections in the user's room (`local`: not asking the other processes through Redis). */
const onB = async (userId: number) => (await b.app.realtime.io.local.in(userRoom(userId)).fetchSockets()).length;

const expired = { type: 'error', event: 'login', message: 'session_expired' };

describe('sockets across two API processes', () => {
  it("delivers an event emitted by A to the user's connection on B", async () => {
    const alice = await registerUser(a);
    const socket = await loggedInOnB(alice.token);
    const payload = { id: 41 };
    expect(
      await receiveWhile(socket, 'order', () => a.app.realtime.emitToUser(alice.user.id, 'order', payload)),
    ).toEqual(payload);
  });

  it('logs out the connection on B of a session signed out through A, and no other', async () => {
    const bob = await registerUser(a);
    const login = await a.call(auth.login, { user_string: bob.email, password: bob.password });
    const other = okOf(auth.login, login.body);
    const first = await loggedInOnB(bob.token);
    const second = await loggedInOnB(other);
    const ended = nextEvent(first, 'error');
    expect((await a.call(auth.logout, {}, { token: bob.token })).body.type).toBe('ok');
    expect(await ended).toEqual(expired);
    await expect.poll(() => onB(bob.user.id), { timeout: 5000 }).toBe(1);
    // A's events now reach only the connection whose session holds.
    const toSecond = nextEvent(second, 'order');
    const toFirst = collect(first, 300);
    a.app.realtime.emitToUser(bob.user.id, 'order', { id: 1 });
    expect(await toSecond).toEqual({ id: 1 });
    expect(await toFirst).toEqual([]);
  });

  it("logs out on B every other device's connection when A signs them all out", async () => {
    const carol = await registerUser(a);
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      tokens.push(
        okOf(auth.login, (await a.call(auth.login, { user_string: carol.email, password: carol.password })).body),
      );
    }
    const [kept, ...others] = [carol.token, ...tokens];
    const keptSocket = await loggedInOnB(kept!);
    const otherSockets = await Promise.all(others.map(loggedInOnB));
    const ended = otherSockets.map((s) => nextEvent(s, 'error'));
    const keptSees = collect(keptSocket, 500);
    const signedOut = await a.call(identity.logoutOtherSessions, {}, { token: kept });
    expect(okOf(identity.logoutOtherSessions, signedOut.body)).toEqual({ revoked: 2 });
    expect(await Promise.all(ended)).toEqual([expired, expired]);
    expect(await keptSees).toEqual([]);
    await expect.poll(() => onB(carol.user.id), { timeout: 5000 }).toBe(1);
  });

  it('logs out on B, once its notifications are back, a connection signed out through A meanwhile', async () => {
    const dave = await registerUser(a);
    const socket = await loggedInOnB(dave.token);
    const gap = await interruptNotifications(b);
    const ended = nextEvent(socket, 'error', 10_000);
    expect((await a.call(auth.logout, {}, { token: dave.token })).body.type).toBe('ok');
    expect(gap.isResumed()).toBe(false);
    await gap.resumed;
    expect(await ended).toEqual(expired);
    await expect.poll(() => onB(dave.user.id), { timeout: 5000 }).toBe(0);
  });
});
