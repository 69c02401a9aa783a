import type { Db } from '../../db/client';
import type { Listener } from '../../db/listen';
import { onBalancesCommitted, type BalanceRow } from '../../ledger/index';

/** Size of the in-memory balance cache, and how long a copy is trusted without an announcement. */
export const BALANCE_CACHE_DEFAULTS = { maxEntries: 20_000, maxAgeMs: 60_000 };

interface Entry {
  rows: readonly BalanceRow[];
  loadedAt: number;
}

/**
 * Users' balance rows as last read, so `/wallet/list` and the other wallet reads skip the
 * database (on the embedded one the query cost ten times the rest of the request). Correct only
 * because every committed ledger change drops the user's copy (`followBalanceChanges`). A read
 * that raced a change is not kept: `drop` also cancels the loads under way for that user.
 */
export class BalanceCache {
  private readonly entries = new Map<number, Entry>();
  /** The token of each load under way; a drop removes it, so that load's result is not kept. */
  private readonly loading = new Map<number, object>();

  constructor(
    private readonly maxEntries = BALANCE_CACHE_DEFAULTS.maxEntries,
    private readonly maxAgeMs = BALANCE_CACHE_DEFAULTS.maxAgeMs,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userId: number, load: () => Promise<BalanceRow[]>): Promise<readonly BalanceRow[]> {
    const hit = this.entries.get(userId);
    if (hit && this.now() - hit.loadedAt < this.maxAgeMs) return hit.rows;
    // Several loads of one user may overlap; the last one to start is the one kept.
    const token = {};
    this.loading.set(userId, token);
    const loadedAt = this.now();
    try {
      const rows = await load();
      if (this.loading.get(userId) === token) {
        this.entries.delete(userId);
        this.entries.set(userId, { rows, loadedAt });
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      }
      return rows;
    } finally {
      if (this.loading.get(userId) === token) this.loading.delete(userId);
    }
  }

  drop(userId: number): void {
    this.entries.delete(userId);
    this.loading.delete(userId);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Keeps `cache` in step with the ledger: this process's commits drop their users at once (before
 * the writing request answers), every process's commits through the `balance_changed`
 * notification of migration 0005 (PGlite delivers it at commit; PostgreSQL shortly after, to
 * every process). When announcements may have been missed, the owner of the listener clears it.
 */
export async function followBalanceChanges(listener: Listener, db: Db, cache: BalanceCache): Promise<() => void> {
  const stop = onBalancesCommitted(db, (ids) => {
    for (const id of ids) cache.drop(id);
  });
  await listener.listen('balance_changed', (payload) => {
    const id = Number(payload);
    if (Number.isInteger(id)) cache.drop(id);
    else cache.clear();
  });
  return stop;
}
