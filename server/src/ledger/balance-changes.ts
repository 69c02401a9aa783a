import type { Db } from '../db/client';
import type { Tx } from './types';

/** Hears the users whose balances a committed transaction changed. */
export type BalanceChangeListener = (userIds: readonly number[]) => void;

/** Users touched so far by each open transaction of `inTransaction`. */
const touched = new WeakMap<Tx, Set<number>>();
const listeners = new WeakMap<Db, Set<BalanceChangeListener>>();

/**
 * Subscribes to this process's committed balance changes on `db` (other processes learn of them
 * from the `balance_changed` notification of migration 0005). Returns the unsubscribe.
 */
export function onBalancesCommitted(db: Db, listener: BalanceChangeListener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Called by `inTransaction` before running its function. */
export function trackBalanceChanges(tx: Tx): Set<number> {
  const users = new Set<number>();
  touched.set(tx, users);
  return users;
}

/** Called by `post` for the user accounts it changes. */
export function noteBalanceChange(tx: Tx, userIds: Iterable<number>): void {
  const users = touched.get(tx);
  if (!users) return;
  for (const id of userIds) users.add(id);
}

/**
 * Called by `inTransaction` once the transaction committed: never before, or a reader could cache
 * what it read between the announcement and the commit.
 */
export function announceBalanceChanges(db: Db, users: ReadonlySet<number>): void {
  if (users.size === 0) return;
  const ids = [...users];
  for (const listener of listeners.get(db) ?? []) listener(ids);
}
