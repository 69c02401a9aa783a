import type { AppDatabase, CacheRow } from './schema';

/** Prefix of cache keys that belong to the signed-in user and are wiped at sign-out. */
export const USER_SCOPE = 'user:';

export async function cachePut<T>(db: AppDatabase, key: string, value: T, now = Date.now()) {
  await db.cache.put({ key, value, savedAt: now });
}

/** The cached value with its save time, or undefined; `maxAgeMs` ignores older entries. */
export async function cacheGet<T>(
  db: AppDatabase,
  key: string,
  maxAgeMs = Infinity,
  now = Date.now(),
): Promise<CacheRow<T> | undefined> {
  const row = (await db.cache.get(key)) as CacheRow<T> | undefined;
  if (!row || now - row.savedAt > maxAgeMs) return undefined;
  return row;
}

export async function cacheDelete(db: AppDatabase, key: string) {
  await db.cache.delete(key);
}

export async function clearUserData(db: AppDatabase) {
  await db.transaction(
    'rw',
    [db.cache, db.records, db.orders, db.leverPositions, db.microOrders, db.finance, db.notifications],
    async () => {
      await db.cache.where('key').startsWith(USER_SCOPE).delete();
      await db.records.clear();
      await db.orders.clear();
      await db.leverPositions.clear();
      await db.microOrders.clear();
      await db.finance.clear();
      await db.notifications.clear();
    },
  );
}
