import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '@/lib/db';
import { replayAll } from '@/lib/outbox/replay';
import { registerOutboxKind } from '@/lib/outbox/registry';
import { rechargeKind, type QueuedRecharge } from '../outbox/rechargeKind';
import { queueRecharge, queuedKind } from './rechargeQueue';

let db: AppDatabase;
registerOutboxKind(rechargeKind);
/** Replays the queue; resolves with how many entries are still queued. */
const replayRecharges = async (_db: AppDatabase, fetchFn: typeof fetch) =>
  (await replayAll(db, { fetch: fetchFn })).remaining;
let n = 0;
beforeEach(async () => {
  db = openDatabase(`recharge-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const payload = (): QueuedRecharge => ({
  uid: 7,
  token: 'tok',
  lang: 'en',
  image: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
  fileName: 'voucher.png',
  fields: { amount: '100', currency: 'USDT', type: 'TRC20', account: 'change' },
});

/** A server with an upload and an idempotent charge_req that can be offline or failing. */
function fakeServer() {
  const state = { online: false, uploads: 0, charges: new Map<string, string>(), failCharge: 0 };
  const ok = (message: unknown) => new Response(JSON.stringify({ type: 'ok', message }), { status: 200 });
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url.endsWith('/upload?lang=en')) {
      state.uploads += 1;
      return ok(`/api/upload/v${state.uploads}.png`);
    }
    if (state.failCharge > 0) {
      state.failCharge -= 1;
      return new Response('{}', { status: 503 });
    }
    const key = new Headers(init?.headers).get('Idempotency-Key')!;
    const body = new URLSearchParams(String(init?.body));
    if (!state.charges.has(key)) state.charges.set(key, body.get('voucher')!);
    return ok({ id: 1 });
  }) as typeof fetch;
  return { state, doFetch };
}

const views = async () => (await db.records.where('kind').equals(queuedKind(7)).toArray()).map((r) => r.data);

describe('recharge queue', () => {
  it('keeps the voucher offline, then uploads and submits it once', async () => {
    const server = fakeServer();
    const key = await queueRecharge(db, payload());
    expect(await views()).toEqual([{ amount: '100', currency: 'USDT', network: 'TRC20', state: 'queued' }]);

    expect(await replayRecharges(db, server.doFetch)).toBe(1);
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, idempotencyKey: key });
    expect((await db.outbox.toArray())[0]!.payload).toHaveProperty('image');

    server.state.online = true;
    expect(await replayRecharges(db, server.doFetch)).toBe(0);
    expect(server.state.charges.get(key)).toBe('/api/upload/v1.png');
    expect(await db.outbox.count()).toBe(0);
    expect(await views()).toEqual([expect.objectContaining({ state: 'sent' })]);

    // A second sync finds nothing left to send.
    await replayRecharges(db, server.doFetch);
    expect(server.state.uploads).toBe(1);
  });

  it('does not upload again when only the submission failed', async () => {
    const server = fakeServer();
    server.state.online = true;
    server.state.failCharge = 1;
    await queueRecharge(db, payload());
    expect(await replayRecharges(db, server.doFetch)).toBe(1);
    expect(await replayRecharges(db, server.doFetch)).toBe(0);
    expect(server.state.uploads).toBe(1);
    expect(server.state.charges.size).toBe(1);
  });

  it('marks a refused request as rejected and drops it from the queue', async () => {
    const refuse = (async () =>
      new Response(JSON.stringify({ type: 'error', message: 'Please upload payment voucher' }), {
        status: 200,
      })) as typeof fetch;
    await queueRecharge(db, payload());
    expect(await replayRecharges(db, refuse)).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await views()).toEqual([
      expect.objectContaining({ state: 'rejected', error: 'Please upload payment voucher' }),
    ]);
  });
});
