import type { AppDatabase } from '@/lib/db';
import { outboxList } from '@/lib/db/outbox';
import { postForm } from '@/lib/outbox/http';
import type { OutboxKind } from '@/lib/outbox/registry';
import { FAVORITE_KIND, type FavoriteCall } from './favoriteCall';

export { FAVORITE_KIND, type FavoriteCall } from './favoriteCall';

/**
 * Once the server has answered the last queued change of a favorite, the row stops being
 * pending: kept or removed as the user asked, or put back as it was if the server refused.
 */
async function settleFavorite(db: AppDatabase, call: FavoriteCall, accepted: boolean): Promise<void> {
  const fav = call.favorite;
  const later = (await outboxList<FavoriteCall>(db, FAVORITE_KIND)).some(
    (r) => r.payload.favorite.currency_id === fav.currency_id,
  );
  if (later) return;
  const keep = accepted ? fav.action === 'add' : fav.action === 'del';
  if (!keep) await db.favorites.delete(fav.currency_id);
  else
    await db.favorites
      .where('currency_id')
      .equals(fav.currency_id)
      .modify((row) => void delete row.pending);
}

/** The server's add and del are idempotent, so a replay repeated after a lost answer is harmless. */
export const favoriteKind: OutboxKind<FavoriteCall> = {
  kind: FAVORITE_KIND,
  send: (ctx) => postForm(ctx, ctx.row.payload.path, ctx.row.payload.body, ctx.row.payload),
  settle: (db, row, outcome) => settleFavorite(db, row.payload, outcome.result === 'sent'),
};
