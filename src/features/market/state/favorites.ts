import { useCallback, useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/lib/db';
import { requireLogin } from '@/lib/http';
import { languageAtom, tokenAtom } from '@/lib/state';
import { fetchFavorites } from '../api/market';
import { mergeServerFavorites, starredIds, toggleFavorite } from '../model/favorites';
import { requestOutboxSync } from './outbox';
import { apiErrorsShown } from '@/lib/submit';

/** Base currency ids the user starred, from Dexie (also offline); empty when logged out. */
export function useFavoriteIds(): ReadonlySet<number> {
  const token = useAtomValue(tokenAtom);
  const rows = useLiveQuery(() => db.favorites.toArray(), []);
  return useMemo(() => (token && rows ? starredIds(rows) : new Set<number>()), [token, rows]);
}

/** Refreshes the favorites from the server when logged in; queued changes are kept. */
export function useFavoritesRefresh(): void {
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    if (!token) return;
    fetchFavorites()
      .then((list) =>
        mergeServerFavorites(
          db,
          list.map((f) => ({ currency_id: f.currency_id, symbol: f.quote?.symbol ?? '' })),
        ),
      )
      .catch(apiErrorsShown('favorites'));
  }, [token]);
}

/** Stars or unstars at once, online or not; the change reaches the server through the outbox. */
export function useToggleFavorite() {
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(languageAtom);
  return useCallback(
    async (pair: { currency_id: number; symbol: string }) => {
      if (!requireLogin()) return;
      await toggleFavorite(db, pair, { token, lang });
      await requestOutboxSync();
    },
    [token, lang],
  );
}
