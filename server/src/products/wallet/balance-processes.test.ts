// The balance cache with several API processes: a balance changed through one process is read
// fresh through another once the database's announcement has reached it, and one read while its
// notifications were down is forgotten once they are back. Idempotency keys are rows of the
// database, so one key sent through both processes moves money once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wallet from '@contract/wallet';
import { registerUser } from '../../testing/accounts';
import {
  apiProcesses,
  interruptNotifications,
  notificationsSettled,
  writeUnannounced,
  type ApiProcess,
  type ApiProcesses,
} from '../../testing/api-processes';
import { callWithKey, okOf, walletAppOptions } from '../../testing/wallet';

const USDT = 3;
/** `ledger_accounts.type` of the legal account. */
const LEGAL = 1;

let cluster: ApiProcesses;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  cluster = await apiProcesses();
  [a, b] = await Promise.all([cluster.start(walletAppOptions()), cluster.start(walletAppOptions())]);
}, 60_000);

afterAll(() => cluster?.close());

/** USDT of the legal and the change account as `p` answers `/wallet/list` (cached per user). */
async function usdtOn(p: ApiProcess, token: string): Promise<[string, string]> {
  const m = okOf(wallet.walletList, (await p.call(wallet.walletList, {}, { token })).body);
  const usdt = (rows: { currency: number; available: string }[]) => rows.find((r) => r.currency === USDT)!.available;
  return [usdt(m.legal_wallet.balance), usdt(m.change_wallet.balance)];
}

const move = (p: ApiProcess, token: string, number: string, key = randomUUID()) =>
  callWithKey(
    p,
    wallet.walletChange,
    { currency_id: USDT, number, from_field: 'legal', to_field: 'change' },
    { token, key },
  );

describe('balances across two API processes', () => {
  it('reads on B a move made through A', async () => {
    const alice = await registerUser(a);
    expect(await usdtOn(b, alice.token)).toEqual(['10000', '0']);
    // Control: a change nobody announces leaves B on its copy.
    await writeUnannounced(
      b,
      sql`UPDATE ledger_accounts SET available = available + 1
          WHERE user_id = ${alice.user.id} AND currency_id = ${USDT} AND type = ${LEGAL}`,
    );
    expect(await usdtOn(b, alice.token)).toEqual(['10000', '0']);

    expect((await move(a, alice.token, '250.5')).body.type).toBe('ok');
    await notificationsSettled(b);
    expect(await usdtOn(b, alice.token)).toEqual(['9750.5', '250.5']);
  });

  it('forgets, once its notifications are back, balances it read while they were down', async () => {
    const bob = await registerUser(a);
    const gap = await interruptNotifications(b);
    expect(await usdtOn(b, bob.token)).toEqual(['10000', '0']);
    expect((await move(a, bob.token, '40')).body.type).toBe('ok');
    expect(gap.isResumed()).toBe(false);
    await gap.resumed;
    expect(await usdtOn(b, bob.token)).toEqual(['9960', '40']);
  });

  it('moves once for one idempotency key sent through both processes at once', async () => {
    const carol = await registerUser(a);
    const key = randomUUID();
    const replies = await Promise.all([a, b, a, b].map((p) => move(p, carol.token, '75', key)));
    expect(replies.map((r) => r.body.type)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    await notificationsSettled(b);
    expect(await usdtOn(b, carol.token)).toEqual(['9925', '75']);
  });
});
