import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '@/lib/db';
import { replayAll } from '@/lib/outbox/replay';
import { registerOutboxKind } from '@/lib/outbox/registry';
import { otcPaidKind, queuedPaidKind, type PaidView, type QueuedPaid } from '../outbox/paidKind';
import { dismissPaid, queuePaid } from './paidQueue';

let db: AppDatabase;
registerOutboxKind(otcPaidKind);
/** Replays the queue; resolves with how many entries are still queued. */
const replay = async (fetchFn: typeof fetch) => (await replayAll(db, { fetch: fetchFn })).remaining;
let n = 0;
beforeEach(async () => {
  db = openDatabase(`otc-paid-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const payload = (): QueuedPaid => ({
  uid: 7,
  token: 'tok',
  lang: 'en',
  orderId: 42,
  image: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
  fileName: 'proof.png',
});

const REF = `/api/upload/${'a'.repeat(22)}.png`;
const ok = (message: unknown) => new Response(JSON.stringify({ type: 'ok', message }), { status: 200 });
const refusal = (message: string) => new Response(JSON.stringify({ type: 'error', message }), { status: 200 });

interface PaidCall {
  url: string;
  key: string | null;
  auth: string | null;
  body: URLSearchParams;
}

/** A server with an upload and an idempotent /otc/order/paid that can be offline, failing or refusing. */
function fakeServer() {
  const state = { online: false, uploads: 0, failPaid: 0, refuse: '', calls: [] as PaidCall[] };
  const applied = new Map<string, string>();
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url.endsWith('/upload?lang=en')) {
      state.uploads += 1;
      return ok(REF);
    }
    if (state.failPaid > 0) {
      state.failPaid -= 1;
      return new Response('<html>Bad gateway</html>', { status: 502 });
    }
    const headers = new Headers(init?.headers);
    const body = new URLSearchParams(String(init?.body));
    const key = headers.get('Idempotency-Key');
    state.calls.push({ url, key, auth: headers.get('Authorization'), body });
    if (state.refuse) return refusal(state.refuse);
    if (key && !applied.has(key)) applied.set(key, body.get('proof')!);
    return ok({ id: Number(body.get('id')), status: 'paid' });
  }) as typeof fetch;
  return { state, applied, doFetch };
}

const views = async () =>
  (await db.records.where('kind').equals(queuedPaidKind(7)).toArray()).map((r) => r.data as PaidView);

describe('otc paid queue', () => {
  it('keeps the proof offline, then uploads it once and marks the order paid with the key', async () => {
    const server = fakeServer();
    const key = await queuePaid(db, payload());
    expect(await views()).toEqual([{ orderId: 42, state: 'queued' }]);

    expect(await replay(server.doFetch)).toBe(1);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'otc-paid', attempts: 1, idempotencyKey: key });
    expect(row!.payload).toHaveProperty('image');
    expect(await views()).toEqual([{ orderId: 42, state: 'queued' }]);

    server.state.online = true;
    expect(await replay(server.doFetch)).toBe(0);
    expect(server.state.uploads).toBe(1);
    expect(server.state.calls).toHaveLength(1);
    const call = server.state.calls[0]!;
    expect(call.url).toBe('/api/otc/order/paid?lang=en');
    expect(call.key).toBe(key);
    expect(call.auth).toBe('tok');
    expect(Object.fromEntries(call.body)).toEqual({ id: '42', proof: REF, lang: 'en' });
    expect(await db.outbox.count()).toBe(0);
    expect(await views()).toEqual([{ orderId: 42, state: 'sent' }]);

    // A second sync finds nothing left to send.
    await replay(server.doFetch);
    expect(server.state.uploads).toBe(1);
    expect(server.state.calls).toHaveLength(1);
  });

  it('retries a network failure of the paid call without uploading the proof again', async () => {
    const server = fakeServer();
    server.state.online = true;
    server.state.failPaid = 1;
    const key = await queuePaid(db, payload());
    expect(await replay(server.doFetch)).toBe(1);
    expect((await db.outbox.toArray())[0]!.payload).toMatchObject({ proof: REF });
    expect(await views()).toEqual([{ orderId: 42, state: 'queued' }]);

    expect(await replay(server.doFetch)).toBe(0);
    expect(server.state.uploads).toBe(1);
    expect([...server.applied]).toEqual([[key, REF]]);
    expect(await views()).toEqual([{ orderId: 42, state: 'sent' }]);
  });

  it('sends an attempt whose answer was lost with its first key and uploaded proof', async () => {
    const server = fakeServer();
    server.state.online = true;
    await queuePaid(db, { ...payload(), proof: REF }, Date.now(), 'lost-key');
    expect(await replay(server.doFetch)).toBe(0);
    expect(server.state.uploads).toBe(0);
    expect(server.state.calls.map((c) => c.key)).toEqual(['lost-key']);
  });

  it('ends on a refusal such as an ended payment window and keeps it shown until dismissed', async () => {
    const server = fakeServer();
    server.state.online = true;
    server.state.refuse = 'The payment window of this order has ended';
    const key = await queuePaid(db, payload());
    expect(await replay(server.doFetch)).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await views()).toEqual([
      { orderId: 42, state: 'rejected', error: 'The payment window of this order has ended' },
    ]);

    // Final: a later sync sends nothing again.
    await replay(server.doFetch);
    expect(server.state.calls).toHaveLength(1);

    await dismissPaid(db, 7, key);
    expect(await views()).toEqual([]);
  });
});
