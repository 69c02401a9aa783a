import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { optionalAdd, optionalDel } from '@contract/market';
import { openDatabase, type AppDatabase } from '@/lib/db';
import { replayAll } from '@/lib/outbox/replay';
import { registerOutboxKind } from '@/lib/outbox/registry';
import { favoriteKind } from '../outbox/favoriteKind';
import { FAVORITE_PATHS, mergeServerFavorites, starredIds, toggleFavorite } from './favorites';

let db: AppDatabase;
let n = 0;
const session = { token: 'tok', lang: 'en' };
const btc = { currency_id: 1, symbol: 'BTC/USDT' };
const eth = { currency_id: 2, symbol: 'ETH/USDT' };

registerOutboxKind(favoriteKind);

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const replay = (fetchFn: typeof fetch) => replayAll(db, { fetch: fetchFn, base: '/api' });

beforeEach(async () => {
  db = openDatabase(`fav-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

/** A fake server with idempotent add/del, like the real one, that can be offline. */
function fakeServer() {
  const favorites = new Set<number>();
  const seen: string[] = [];
  let online = false;
  const send = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!online) throw new TypeError('offline');
    seen.push(new Headers(init?.headers).get('Idempotency-Key')!);
    const id = Number(new URLSearchParams(String(init?.body)).get('currency_id'));
    if (new URL(String(input), 'http://test.local').pathname.endsWith(FAVORITE_PATHS.add)) favorites.add(id);
    else favorites.delete(id);
    return reply({ type: 'ok', message: {} });
  }) as typeof fetch;
  return { favorites, seen, send, setOnline: (v: boolean) => void (online = v) };
}

const starred = async () => [...starredIds(await db.favorites.toArray())].sort();

describe('favorites offline', () => {
  it('uses the contract paths', () => {
    expect(FAVORITE_PATHS).toEqual({ add: optionalAdd.path, del: optionalDel.path });
  });

  it('shows a toggle at once and queues it with an idempotency key', async () => {
    await expect(toggleFavorite(db, btc, session, 10)).resolves.toBe(true);
    expect(await starred()).toEqual([1]);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      kind: 'favorite',
      payload: { path: '/optional/add', body: { currency_id: '1' }, token: 'tok' },
    });
    expect(row?.idempotencyKey).toMatch(/.{8,}/);
  });

  it('replays nothing while offline, then everything once, in order', async () => {
    const server = fakeServer();
    await toggleFavorite(db, btc, session, 1);
    await toggleFavorite(db, eth, session, 2);
    await toggleFavorite(db, eth, session, 3); // unstar again before the network returns
    expect(await starred()).toEqual([1]);

    expect(await replay(server.send)).toEqual({ sent: 0, refused: 0, remaining: 3 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, lastError: 'TypeError: offline' });
    expect(await db.favorites.get(1)).toMatchObject({ pending: 'add' });

    server.setOnline(true);
    expect(await replay(server.send)).toEqual({ sent: 3, refused: 0, remaining: 0 });
    expect([...server.favorites]).toEqual([1]);
    expect(new Set(server.seen).size).toBe(3);
    // Settled: the confirmed star is no longer pending, the undone one is gone.
    expect(await db.favorites.toArray()).toEqual([{ currency_id: 1, symbol: 'BTC/USDT', updatedAt: 1 }]);

    // A second sync (the page and the worker both woke up) sends nothing again.
    expect(await replay(server.send)).toEqual({ sent: 0, refused: 0, remaining: 0 });
    expect(server.seen).toHaveLength(3);
  });

  it('stops at a transient failure so a later change never overtakes an earlier one', async () => {
    let calls = 0;
    const flaky = (async () => (++calls === 1 ? reply({}, 503) : reply({ type: 'ok', message: {} }))) as typeof fetch;
    await toggleFavorite(db, btc, session, 1);
    await toggleFavorite(db, btc, session, 2);
    expect(await replay(flaky)).toMatchObject({ sent: 0, remaining: 2 });
    expect(calls).toBe(1);
    expect(await replay(flaky)).toMatchObject({ sent: 2, remaining: 0 });
    expect(await db.favorites.count()).toBe(0);
  });

  it('puts a refused change back as it was', async () => {
    const refuse = (async () => reply({ type: '999', message: 'session expired' })) as typeof fetch;
    await toggleFavorite(db, btc, session, 1);
    expect(await replay(refuse)).toEqual({ sent: 0, refused: 1, remaining: 0 });
    expect(await db.favorites.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('merges the server list without losing queued changes', async () => {
    await mergeServerFavorites(db, [btc, eth], 5);
    expect(await starred()).toEqual([1, 2]);
    await toggleFavorite(db, eth, session, 6); // unstar, still queued
    await mergeServerFavorites(db, [btc, eth], 7);
    expect(await starred()).toEqual([1]);
    await mergeServerFavorites(db, [], 8);
    expect(await starred()).toEqual([]);
    expect(await db.favorites.get(2)).toMatchObject({ pending: 'del' });
  });
});
