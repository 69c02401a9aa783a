import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { db } from '@/lib/db';
import { tokenAtom } from '@/lib/state';

/** Base currency ids the user starred (the market screens keep them in Dexie); empty when signed out. */
export function useFavoriteIds(): ReadonlySet<number> {
  const token = useAtomValue(tokenAtom);
  const rows = useLiveQuery(() => db.favorites.toArray(), []);
  return useMemo(
    () => new Set(token && rows ? rows.filter((r) => r.pending !== 'del').map((r) => r.currency_id) : []),
    [token, rows],
  );
}
