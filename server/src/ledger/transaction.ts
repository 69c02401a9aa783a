import type { Db } from '../db/client';
import { announceBalanceChanges, trackBalanceChanges } from './balance-changes';
import type { Tx } from './types';

/** PostgreSQL's "try again" failures: serialization failure and deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

function isRetryable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

/**
 * Runs `fn` in one database transaction, retrying it from the start when PostgreSQL reports a
 * deadlock or serialization failure (ledger writes lock in a fixed order, so this is rare: it
 * covers callers that lock other rows first). `fn` must do nothing but database work.
 * Once committed, the users whose balances it changed are announced (`onBalancesCommitted`).
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      let users: Set<number> | undefined;
      const result = await db.transaction((tx) => {
        users = trackBalanceChanges(tx);
        return fn(tx);
      });
      if (users) announceBalanceChanges(db, users);
      return result;
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}
