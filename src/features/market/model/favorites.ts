import type { AppDatabase, FavoriteRow } from '@/lib/db';
import { outboxAdd } from '@/lib/db/outbox';
import { FAVORITE_KIND, type FavoriteCall } from '../outbox/favoriteCall';

/** Paths of contract/market.ts's optionalAdd/optionalDel (a unit test keeps them in step). */
export const FAVORITE_PATHS = { add: '/optional/add', del: '/optional/del' } as const;

/** Starred means a row that is not waiting to be removed. */
export const isStarred = (row: FavoriteRow | undefined) => row !== undefined && row.pending !== 'del';

export function starredIds(rows: readonly FavoriteRow[]): Set<number> {
  return new Set(rows.filter((r) => r.pending !== 'del').map((r) => r.currency_id));
}

/**
 * Flips a favorite: the table changes at once (the screen follows through `useLiveQuery`) and
 * the call is queued in the same transaction with a fresh idempotency key, so a crash can never
 * leave one without the other. Returns whether the pair is now starred.
 */
export async function toggleFavorite(
  db: AppDatabase,
  pair: { currency_id: number; symbol: string },
  session: { token: string; lang: string },
  now = Date.now(),
): Promise<boolean> {
  return db.transaction('rw', db.favorites, db.outbox, async () => {
    const row = await db.favorites.get(pair.currency_id);
    const star = !isStarred(row);
    const action = star ? 'add' : 'del';
    await db.favorites.put({ currency_id: pair.currency_id, symbol: pair.symbol, pending: action, updatedAt: now });
    const call: FavoriteCall = {
      path: FAVORITE_PATHS[action],
      body: { currency_id: String(pair.currency_id) },
      token: session.token,
      lang: session.lang,
      favorite: { currency_id: pair.currency_id, action },
    };
    await outboxAdd(db, { kind: FAVORITE_KIND, payload: call }, now);
    return star;
  });
}

/**
 * The server's list replaces the confirmed rows; rows with a change still queued keep the
 * user's latest intent until the replay settles them.
 */
export async function mergeServerFavorites(
  db: AppDatabase,
  server: readonly { currency_id: number; symbol: string }[],
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.favorites, async () => {
    const local = await db.favorites.toArray();
    const pending = new Set(local.filter((r) => r.pending).map((r) => r.currency_id));
    const fresh = new Set(server.map((s) => s.currency_id));
    await db.favorites.bulkDelete(
      local.filter((r) => !r.pending && !fresh.has(r.currency_id)).map((r) => r.currency_id),
    );
    await db.favorites.bulkPut(
      server
        .filter((s) => !pending.has(s.currency_id))
        .map((s) => ({ currency_id: s.currency_id, symbol: s.symbol, updatedAt: now })),
    );
  });
}
