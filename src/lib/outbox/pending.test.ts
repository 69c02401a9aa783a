import { afterEach, describe, expect, it } from 'vitest';
import { DB_NAME, openDatabase, type AppDatabase } from '../db';
import { OUTBOX_DATABASE, outboxMayHaveEntries } from './pending';

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

describe('outboxMayHaveEntries', () => {
  it('reads the database the app writes', () => {
    expect(OUTBOX_DATABASE).toBe(DB_NAME);
  });

  it('says no, and creates nothing, when the database does not exist', async () => {
    await expect(outboxMayHaveEntries()).resolves.toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(DB_NAME);
  });

  it('says no for an empty outbox and yes once something is queued', async () => {
    db = openDatabase();
    await db.open();
    await expect(outboxMayHaveEntries()).resolves.toBe(false);
    await db.outbox.add({ kind: 'favorite', payload: {}, createdAt: 1, attempts: 0, idempotencyKey: 'k-00000001' });
    await expect(outboxMayHaveEntries()).resolves.toBe(true);
  });
});
