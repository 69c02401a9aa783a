import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { optionalAdd, optionalDel } from '@contract/market';
import { openDatabase, type AppDatabase } from '@/lib/db';
import { replayOutbox, type ApiCall, type Send, type SendOutcome } from '@/sw/outbox-sync';
import { FAVORITE_PATHS, mergeServerFavorites, starredIds, toggleFavorite } from './favorites';

let db: AppDatabase;
let n = 0;
const session = { token: 'tok', lang: 'en' };
const btc = { currency_id: 1, symbol: 'BTC/USDT' };
const eth = { currency_id: 2, symbol: 'ETH/USDT' };

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
  const send: Send = async (call: ApiCall, key: string): Promise<SendOutcome> => {
    if (!online) return { result: 'retry', error: 'offline' };
    seen.push(key);
    const id = Number(call.body.currency_id);
    if (call.path === FAVORITE_PATHS.add) favorites.add(id);
    else favorites.delete(id);
    return { result: 'ok' };
  };
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
    expect(row).toMatchObject({ kind: 'api', payload: { path: '/optional/add', body: { currency_id: '1' }, token: 'tok' } });
    expect(row?.idempotencyKey).toMatch(/.{8,}/);
  });

  it('replays nothing while offline, then everything once, in order', async () => {
    const server = fakeServer();
    await toggleFavorite(db, btc, session, 1);
    await toggleFavorite(db, eth, session, 2);
    await toggleFavorite(db, eth, session, 3); // unstar again before the network returns
    expect(await starred()).toEqual([1]);

    expect(await replayOutbox(db, server.send)).toEqual({ sent: 0, rejected: 0, remaining: 3 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, lastError: 'offline' });
    expect(await db.favorites.get(1)).toMatchObject({ pending: 'add' });

    server.setOnline(true);
    expect(await replayOutbox(db, server.send)).toEqual({ sent: 3, rejected: 0, remaining: 0 });
    expect([...server.favorites]).toEqual([1]);
    expect(new Set(server.seen).size).toBe(3);
    // Settled: the confirmed star is no longer pending, the undone one is gone.
    expect(await db.favorites.toArray()).toEqual([{ currency_id: 1, symbol: 'BTC/USDT', updatedAt: 1 }]);

    // A second sync (the page and the worker both woke up) sends nothing again.
    expect(await replayOutbox(db, server.send)).toEqual({ sent: 0, rejected: 0, remaining: 0 });
    expect(server.seen).toHaveLength(3);
  });

  it('stops at a transient failure so a later change never overtakes an earlier one', async () => {
    let calls = 0;
    const flaky: Send = async () => (++calls === 1 ? { result: 'retry', error: '503' } : { result: 'ok' });
    await toggleFavorite(db, btc, session, 1);
    await toggleFavorite(db, btc, session, 2);
    expect(await replayOutbox(db, flaky)).toMatchObject({ sent: 0, remaining: 2 });
    expect(calls).toBe(1);
    expect(await replayOutbox(db, flaky)).toMatchObject({ sent: 2, remaining: 0 });
    expect(await db.favorites.count()).toBe(0);
  });

  it('puts a refused change back as it was', async () => {
    const refuse: Send = async () => ({ result: 'rejected', error: 'session expired' });
    await toggleFavorite(db, btc, session, 1);
    expect(await replayOutbox(db, refuse)).toEqual({ sent: 0, rejected: 1, remaining: 0 });
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
