import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { cacheGet, cachePut, clearUserData, USER_SCOPE } from './cache';
import { listNotifications, markNotificationRead, putNotifications } from './notifications';
import { outboxAdd, outboxFailed, outboxList, outboxRemove } from './outbox';
import { openDatabase, type AppDatabase } from './schema';
import * as shared from '.';

let db: AppDatabase;
let n = 0;

beforeEach(async () => {
  db = openDatabase(`test-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('schema', () => {
  it('is version 5 with every table', () => {
    expect(db.verno).toBe(5);
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'cache',
        'favorites',
        'fiatRates',
        'leverPositions',
        'microOrders',
        'finance',
        'notifications',
        'orders',
        'outbox',
        'quotes',
        'records',
      ].sort(),
    );
  });

  it('upgrades a version 1 database without losing its rows', async () => {
    const name = `test-upgrade-${++n}`;
    const old = new Dexie(name);
    old.version(1).stores({ cache: 'key, savedAt' });
    await old.open();
    await old.table('cache').put({ key: 'k', value: 1, savedAt: 1 });
    old.close();
    const upgraded = openDatabase(name);
    expect((await cacheGet(upgraded, 'k'))?.value).toBe(1);
    await upgraded.orders.put({ uid: 1, id: 5, state: 'in_progress', symbol: 'BTC/USDT', createdAt: 1, data: {} });
    expect(
      await upgraded.orders
        .where('[uid+state+createdAt]')
        .between([1, 'in_progress', Dexie.minKey], [1, 'in_progress', Dexie.maxKey])
        .count(),
    ).toBe(1);
    await upgraded.delete();
  });

  it('lists records of one kind newest first through the compound index', async () => {
    await db.records.bulkPut([
      { kind: 'recharge', id: 'a', createdAt: 1, data: {} },
      { kind: 'recharge', id: 'b', createdAt: 3, data: {} },
      { kind: 'withdraw', id: 'c', createdAt: 2, data: {} },
    ]);
    const rows = await db.records
      .where('[kind+createdAt]')
      .between(['recharge', Dexie.minKey], ['recharge', Dexie.maxKey])
      .reverse()
      .toArray();
    expect(rows.map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('keeps data when the same version is reopened', async () => {
    await cachePut(db, 'k', 1);
    db.close();
    const again = openDatabase(db.name);
    expect((await cacheGet(again, 'k'))?.value).toBe(1);
    again.close();
    await db.open();
  });
});

describe('cache', () => {
  it('stores a value with its save time', async () => {
    await cachePut(db, 'site:config', { site_name: 'X' }, 1000);
    expect(await cacheGet(db, 'site:config')).toEqual({ key: 'site:config', value: { site_name: 'X' }, savedAt: 1000 });
    expect(await cacheGet(db, 'missing')).toBeUndefined();
  });

  it('ignores entries older than maxAge', async () => {
    await cachePut(db, 'rates', [1], 1000);
    expect(await cacheGet(db, 'rates', 500, 1500)).toBeDefined();
    expect(await cacheGet(db, 'rates', 499, 1500)).toBeUndefined();
  });

  it('clearUserData drops user-scoped entries and records, keeps the rest', async () => {
    await cachePut(db, `${USER_SCOPE}balances`, [1]);
    await cachePut(db, 'site:config', {});
    await db.records.put({ kind: 'bill', id: '1', createdAt: 1, data: {} });
    await db.orders.put({ uid: 1, id: 1, state: 'complete', symbol: 'BTC/USDT', createdAt: 1, data: {} });
    const position = { uid: 1, id: 1, symbol: 'BTC/USDT', createdAt: 1, savedAt: 1, data: {} };
    await db.leverPositions.put({ ...position, state: 'open' });
    await db.microOrders.put({ ...position, state: 'holding' });
    await db.finance.put({ ...position, product: 'lock', state: 'in_progress' });
    await outboxAdd(db, { kind: 'favorite', payload: {} });
    await clearUserData(db);
    expect(await cacheGet(db, `${USER_SCOPE}balances`)).toBeUndefined();
    expect(await cacheGet(db, 'site:config')).toBeDefined();
    expect(await db.records.count()).toBe(0);
    expect(await db.orders.count()).toBe(0);
    expect(await db.leverPositions.count()).toBe(0);
    expect(await db.microOrders.count()).toBe(0);
    expect(await db.finance.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('outbox', () => {
  it('queues in order with fresh idempotency keys', async () => {
    const a = await outboxAdd(db, { kind: 'favorite', payload: { id: 1 } }, 10);
    const b = await outboxAdd(db, { kind: 'upload', payload: { id: 2 } }, 20);
    const c = await outboxAdd(db, { kind: 'favorite', payload: { id: 3 } }, 30);
    const all = await outboxList(db);
    expect(all.map((r) => r.id)).toEqual([a, b, c]);
    expect(new Set(all.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(all.every((r) => r.attempts === 0)).toBe(true);
    expect((await outboxList(db, 'favorite')).map((r) => r.payload)).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('never queues the same idempotency key twice', async () => {
    const first = await outboxAdd(db, { kind: 'upload', payload: 1, idempotencyKey: 'k1' });
    const second = await outboxAdd(db, { kind: 'upload', payload: 2, idempotencyKey: 'k1' });
    expect(second).toBe(first);
    expect((await outboxList(db)).map((r) => r.payload)).toEqual([1]);
  });

  it('counts failed attempts and removes sent entries', async () => {
    const id = await outboxAdd(db, { kind: 'upload', payload: null });
    await outboxFailed(db, id, 'offline');
    await outboxFailed(db, id, 'timeout');
    expect(await db.outbox.get(id)).toMatchObject({ attempts: 2, lastError: 'timeout' });
    await outboxRemove(db, id);
    expect(await outboxList(db)).toEqual([]);
  });
});

describe('shared database', () => {
  it('exposes helpers over the default database', async () => {
    await shared.cachePut('probe', 42);
    expect((await shared.cacheGet<number>('probe'))?.value).toBe(42);
    const id = await shared.outboxAdd({ kind: 'probe', payload: 'p' });
    expect((await shared.outboxList('probe')).map((r) => r.id)).toEqual([id]);
    await shared.outboxRemove(id);
    await shared.cacheDelete('probe');
    expect(await shared.cacheGet('probe')).toBeUndefined();
    expect(shared.db.name).toBe(shared.DB_NAME);
  });
});

describe('notifications from the server inbox', () => {
  const row = (id: string, read: 0 | 1, title = 'Order filled') => ({
    id,
    category: 'trade',
    title,
    body: 'BTC/USDT buy: 0.5 filled for 30000 USDT',
    actions: [],
    createdAt: Number(id),
    receivedAt: 1,
    read,
  });

  it('stores fetched notices over the stored ones, and one read on either side stays read', async () => {
    await putNotifications(db, [row('1', 0), row('2', 0)]);
    await markNotificationRead(db, '1');
    // The server still says unread (marked here offline), and another device read notice 2.
    await putNotifications(db, [row('1', 0, 'Ordre exécuté'), row('2', 1), row('3', 0)]);
    const stored = await listNotifications(db);
    expect(stored.map((n) => [n.id, n.read, n.title])).toEqual([
      ['3', 0, 'Order filled'],
      ['2', 1, 'Order filled'],
      ['1', 1, 'Ordre exécuté'],
    ]);
    await putNotifications(db, []);
    expect(await db.notifications.count()).toBe(3);
  });
});
