import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites, type FavoriteRow } from '../../db/schema/index';

/** Adds the favorite unless it exists; either way returns the one row. */
export async function addFavorite(db: Db, userId: number, currencyId: number, at: Date): Promise<FavoriteRow> {
  await db.insert(favorites).values({ userId, currencyId, createdAt: at }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.currencyId, currencyId)));
  if (!row) throw new Error('favorite vanished after insert');
  return row;
}

/** Removes the user's favorite by currency or by its id; false when there was none. */
export async function removeFavorite(
  db: Db,
  userId: number,
  by: { currencyId?: number; id?: number },
): Promise<boolean> {
  const match: SQL[] = [];
  if (by.currencyId !== undefined) match.push(eq(favorites.currencyId, by.currencyId));
  if (by.id !== undefined) match.push(eq(favorites.id, by.id));
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), or(...match)))
    .returning({ id: favorites.id });
  return removed.length > 0;
}

export function listFavorites(db: Db, userId: number): Promise<FavoriteRow[]> {
  return db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt), asc(favorites.id));
}
