import { Dexie, type EntityTable } from 'dexie';

/**
 * Rows of the offline store. Money and prices are decimal strings, as on the wire; times are
 * epoch milliseconds so "as of" labels and expiry checks need no parsing.
 */

/** Last good server answers shown offline with an "as of" time. Keys scoped to a user start `user:`. */
export interface CacheRow<T = unknown> {
  key: string;
  value: T;
  savedAt: number;
}

/** An action made offline, replayed later by the service worker or the page; never sent twice. */
export interface OutboxRow<P = unknown> {
  id?: number;
  kind: string;
  payload: P;
  createdAt: number;
  attempts: number;
  idempotencyKey: string;
  lastError?: string;
}

/** Favorite markets; `pending` marks a change not yet confirmed by the server. */
export interface FavoriteRow {
  currency_id: number;
  symbol: string;
  pending?: 'add' | 'del';
  updatedAt: number;
}

export interface QuoteRow {
  symbol: string;
  currency_id: number;
  legal_id: number;
  price: string;
  change: string;
  volume: string;
  updatedAt: number;
}

export interface FiatRateRow {
  currency_code: string;
  rate: string;
  savedAt: number;
}

/** Lists of the user's history (account changes, recharges, withdrawals, orders), by kind. */
export interface RecordRow<T = unknown> {
  kind: string;
  id: string;
  createdAt: number;
  data: T;
}

/**
 * The user's spot orders as last seen from the server, for reading offline. `state` is the entrust
 * list the row came from (`in_progress` or `complete`); `data` is the order as on the wire.
 */
export interface OrderRow<T = unknown> {
  uid: number;
  id: number;
  state: 'in_progress' | 'complete';
  symbol: string;
  createdAt: number;
  data: T;
}

/**
 * The user's futures positions and orders (`state`: `pending`, `open` or `closed`) as last seen from
 * the server, for reading offline with an "as of" time; `data` is the position as on the wire.
 */
export interface LeverPositionRow<T = unknown> {
  uid: number;
  id: number;
  state: 'pending' | 'open' | 'closed';
  symbol: string;
  createdAt: number;
  savedAt: number;
  data: T;
}

/**
 * The user's seconds-contract orders (`state`: `holding` or `history`) as last seen from the
 * server, for reading offline; `data` is the order as on the wire.
 */
export interface MicroOrderRow<T = unknown> {
  uid: number;
  id: number;
  state: 'holding' | 'history';
  symbol: string;
  createdAt: number;
  savedAt: number;
  data: T;
}

/**
 * The user's finance holdings as last seen from the server, for reading offline: IEO
 * subscriptions, lock-mining orders, dual-invest orders and copy-trading follows and copies.
 * `product` names the product, `state` the list the row came from (product-specific, e.g.
 * `in_progress` or `redeemed`); `data` is the row as on the wire.
 */
export interface FinanceRow<T = unknown> {
  uid: number;
  product: 'ieo' | 'lock' | 'dual' | 'follow' | 'copy';
  id: number;
  state: string;
  createdAt: number;
  savedAt: number;
  data: T;
}

/** An action button of a notification ("Bid again", "Pay now") and the in-app route it opens. */
export interface NotificationAction {
  action: string;
  title: string;
  route?: string;
}

/**
 * A push notification this device received (stored by the service worker, one row per id: the
 * server delivers at least once), read offline in the notification centre. `read` is 0 or 1 so
 * it can be indexed; times are epoch milliseconds.
 */
export interface NotificationRow {
  id: string;
  category: string;
  title: string;
  body: string;
  /** In-app hash route (`/pages/...` with an optional query) a tap opens. */
  route?: string;
  tag?: string;
  actions: NotificationAction[];
  /** When the server created it (its `created_at`), else when it arrived. */
  createdAt: number;
  receivedAt: number;
  read: 0 | 1;
}

export type AppDatabase = Dexie & {
  cache: EntityTable<CacheRow, 'key'>;
  outbox: EntityTable<OutboxRow, 'id'>;
  favorites: EntityTable<FavoriteRow, 'currency_id'>;
  quotes: EntityTable<QuoteRow, 'symbol'>;
  fiatRates: EntityTable<FiatRateRow, 'currency_code'>;
  records: Dexie.Table<RecordRow, [string, string]>;
  orders: Dexie.Table<OrderRow, [number, number]>;
  leverPositions: Dexie.Table<LeverPositionRow, [number, number]>;
  microOrders: Dexie.Table<MicroOrderRow, [number, number]>;
  finance: Dexie.Table<FinanceRow, [number, string, number]>;
  notifications: EntityTable<NotificationRow, 'id'>;
};

export const DB_NAME = 'h5-exchange';

/**
 * Each schema change is a new `db.version(n)` below the previous ones, with an `upgrade` when
 * existing rows need reshaping; old versions stay so any installed copy can migrate forward.
 */
export function openDatabase(name = DB_NAME): AppDatabase {
  const db = new Dexie(name) as AppDatabase;
  db.version(1).stores({
    cache: 'key, savedAt',
    outbox: '++id, kind, createdAt, &idempotencyKey',
    favorites: 'currency_id, symbol, pending',
    quotes: 'symbol, currency_id, updatedAt',
    fiatRates: 'currency_code, savedAt',
    records: '[kind+id], kind, [kind+createdAt]',
  });
  db.version(2).stores({ orders: '[uid+id], [uid+state+createdAt]' });
  db.version(3).stores({
    leverPositions: '[uid+id], [uid+state+createdAt]',
    microOrders: '[uid+id], [uid+state+createdAt]',
  });
  db.version(4).stores({ finance: '[uid+product+id], [uid+product+state+createdAt]' });
  db.version(5).stores({ notifications: 'id, createdAt, read' });
  return db;
}
