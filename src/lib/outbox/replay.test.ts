import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db';
import { outboxAdd } from '../db/outbox';
import { postForm } from './http';
import { registerOutboxKind, type OutboxKind } from './registry';
import { replayAll } from './replay';

let db: AppDatabase;
let n = 0;
beforeEach(async () => {
  db = openDatabase(`outbox-replay-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

/** A kind that posts its payload's path and records how each entry settled. */
function probeKind(kind: string, settled: string[]): OutboxKind<{ path: string }> {
  return {
    kind,
    send: (ctx) => postForm(ctx, ctx.row.payload.path, {}, { token: 't', lang: 'en' }),
    settle: async (_db, row, outcome) => void settled.push(`${row.payload.path}:${outcome.result}`),
  };
}

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('replayAll', () => {
  it('holds back later entries of a kind after a transient failure, and goes on with other kinds', async () => {
    const settled: string[] = [];
    registerOutboxKind(probeKind('a', settled));
    registerOutboxKind(probeKind('b', settled));
    await outboxAdd(db, { kind: 'a', payload: { path: '/portal' } }, 1);
    await outboxAdd(db, { kind: 'a', payload: { path: '/a2' } }, 2);
    await outboxAdd(db, { kind: 'b', payload: { path: '/b1' } }, 3);
    const sent: string[] = [];
    const fetchFn = (async (url: RequestInfo | URL) => {
      const { pathname } = new URL(String(url), 'http://test.local');
      const path = pathname.replace('/api', '');
      sent.push(path);
      return path === '/portal'
        ? new Response('<html>Log in to the hotel Wi-Fi</html>')
        : reply({ type: 'ok', message: null });
    }) as typeof fetch;

    expect(await replayAll(db, { fetch: fetchFn })).toEqual({ sent: 1, refused: 0, remaining: 2 });
    expect(sent).toEqual(['/portal', '/b1']);
    expect(settled).toEqual(['/b1:sent']);
    const left = await db.outbox.orderBy('createdAt').toArray();
    expect(left.map((r) => [r.kind, r.attempts])).toEqual([
      ['a', 1],
      ['a', 0],
    ]);
    expect(left[0]!.lastError).toMatch(/not JSON/);
  });

  it('keeps entries of a kind nobody registered (queued by a newer version)', async () => {
    await outboxAdd(db, { kind: 'from-the-future', payload: {} });
    const fetchFn = (() => Promise.reject(new Error('must not be called'))) as typeof fetch;
    expect(await replayAll(db, { fetch: fetchFn })).toEqual({ sent: 0, refused: 0, remaining: 1 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('drops a refused entry and settles it as refused with the API message', async () => {
    const settled: string[] = [];
    registerOutboxKind(probeKind('c', settled));
    await outboxAdd(db, { kind: 'c', payload: { path: '/c' } });
    const fetchFn = (async () => reply({ type: 'error', message: 'Parameter error' })) as typeof fetch;
    expect(await replayAll(db, { fetch: fetchFn })).toEqual({ sent: 0, refused: 1, remaining: 0 });
    expect(settled).toEqual(['/c:refused']);
    expect(await db.outbox.count()).toBe(0);
  });
});
