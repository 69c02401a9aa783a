import { afterEach, expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as fund from '@contract/fund';
import * as identity from '@contract/identity';
import type { ResponseOf } from '@contract/define';
import { ACCOUNT_EVENT, accountEvent } from '@contract/user-events';
import { clientFactory, collect, listen, nextEvent } from '../testing/socket-client';
import { registerUser } from '../testing/accounts';
import { describeEachDatabase } from '../testing/suite';
import { adminUser, bindMobile, call, ok, uploadImage } from '../testing/fund';

const clients = clientFactory();
afterEach(() => clients.closeAll());

/** A socket logged in to `token`'s private room. */
async function loggedIn(url: string, token: string) {
  const socket = await clients.connect(url);
  expect(await socket.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
  return socket;
}

describeEachDatabase('admin decisions on the live room', ({ app }) => {
  it("an identity decision reaches that user's room only, once it is readable", async () => {
    const t = app();
    const url = await listen(t.app);
    const boss = await adminUser(t);
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    await bindMobile(t, alice.token);
    const form = { real_type: '1', id_type: '2', name: 'Ada Lovelace', card_id: 'P1234567' };
    await ok(call(t, identity.submitReal, form, { token: alice.token }));
    const queue = await ok<{ data: { id: number }[] }>(
      call(t, admin.listIdentity, { limit: 100 }, { token: boss.token }),
    );
    const aliceSocket = await loggedIn(url, alice.token);
    const bobSocket = await loggedIn(url, bob.token);
    const anonymous = await clients.connect(url);

    const toAlice = nextEvent(aliceSocket, ACCOUNT_EVENT);
    // The page refetches the moment the event lands: the decision must already be committed.
    const stateOnEvent = new Promise<ResponseOf<typeof identity.realState>>((resolve, reject) => {
      aliceSocket.once(ACCOUNT_EVENT, () => {
        ok<ResponseOf<typeof identity.realState>>(call(t, identity.realState, {}, { token: alice.token })).then(
          resolve,
          reject,
        );
      });
    });
    const others = [collect(bobSocket, 300), collect(anonymous, 300)];
    await ok(call(t, admin.reviewIdentity, { id: queue.data.at(-1)!.id, action: 'approve' }, { token: boss.token }));

    expect(accountEvent.parse(await toAlice)).toEqual({ type: 'account', kind: 'identity' });
    expect((await stateOnEvent).level1.state).toBe('certified');
    expect(await Promise.all(others)).toEqual([[], []]);
  });

  it('a recharge decision is announced to its owner only', async () => {
    const t = app();
    const url = await listen(t.app);
    const boss = await adminUser(t);
    const carol = await registerUser(t);
    const bob = await registerUser(t);
    const voucher = await uploadImage(t, carol.token);
    const recharge = { currency: 'USDT', amount: '5', voucher, account: 'change' };
    const r = await ok<{ id: number }>(call(t, fund.chargeReq, recharge, { token: carol.token }));
    const carolSocket = await loggedIn(url, carol.token);
    const bobSocket = await loggedIn(url, bob.token);

    const toCarol = nextEvent(carolSocket, ACCOUNT_EVENT);
    const toBob = collect(bobSocket, 300);
    const decision = { id: r.id, action: 'reject', reason: 'Voucher unreadable' };
    await ok(call(t, admin.reviewRecharge, decision, { token: boss.token }));

    expect(await toCarol).toEqual({ type: 'account', kind: 'recharge' });
    expect(await toBob).toEqual([]);
  });
});
