/**
 * The offline store, shared by the page and the service worker: no DOM-only APIs here.
 * These helpers use the default database; ./cache and ./outbox take a database explicitly so a
 * test can run on its own copy.
 */
import * as cache from './cache';
import * as outbox from './outbox';
import { openDatabase } from './schema';

export const db = openDatabase();

export const cachePut = <T>(key: string, value: T, now?: number) => cache.cachePut(db, key, value, now);
export const cacheGet = <T>(key: string, maxAgeMs?: number, now?: number) => cache.cacheGet<T>(db, key, maxAgeMs, now);
export const cacheDelete = (key: string) => cache.cacheDelete(db, key);
export const clearUserData = () => cache.clearUserData(db);

export const outboxAdd = <P>(input: outbox.OutboxInput<P>, now?: number) => outbox.outboxAdd(db, input, now);
export const outboxList = <P = unknown>(kind?: string) => outbox.outboxList<P>(db, kind);
export const outboxRemove = (id: number) => outbox.outboxRemove(db, id);
export const outboxFailed = (id: number, error: string) => outbox.outboxFailed(db, id, error);

export { USER_SCOPE } from './cache';
export type { OutboxInput } from './outbox';
export { randomId } from './id';
export { openDatabase, DB_NAME } from './schema';
export type {
  AppDatabase,
  CacheRow,
  OutboxRow,
  FavoriteRow,
  QuoteRow,
  FiatRateRow,
  RecordRow,
  OrderRow,
  LeverPositionRow,
  MicroOrderRow,
  FinanceRow,
  NotificationRow,
  NotificationAction,
} from './schema';
