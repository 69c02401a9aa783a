import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import type { LeverTotals, Position } from '@contract/futures';
import type { LeverTradeEvent } from '@contract/user-events';
import { cachePut, db, USER_SCOPE, type AppDatabase, type LeverPositionRow } from '@/lib/db';
import { clearListRows, usePagedLoader } from '@/lib/paging';
import { onLeverEvent, useUserEvents } from '@/lib/realtime';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchPositions } from '../api/lever';

/** `current`: pending and open positions; `history`: closed and cancelled ones. */
export type PositionList = 'current' | 'history';

export interface PairFilter {
  symbol: string;
  currency_id: number;
  legal_id: number;
}

/** Current positions come in one page (there are few); history pages 20 at a time. */
const CURRENT_LIMIT = 100;
const HISTORY_LIMIT = 20;

const rowState = (p: Position): LeverPositionRow['state'] =>
  p.status === 'pending' ? 'pending' : p.status === 'open' ? 'open' : 'closed';
const statesOf = (list: PositionList): LeverPositionRow['state'][] =>
  list === 'current' ? ['pending', 'open'] : ['closed'];

/**
 * The user's positions of one list, newest first, kept in Dexie's `leverPositions` so they read
 * offline with the time they were fetched ("as of"). Page 1 replaces the stored rows the filter
 * covers (a pull to refresh shows exactly what the server has); later pages add to them.
 */
export function usePositions(list: PositionList, pair: PairFilter | undefined, enabled = true) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const token = useAtomValue(tokenAtom);
  const symbol = pair?.symbol;
  const savedKey = `${USER_SCOPE}${uid}:futures:${list}:${symbol ?? '*'}`;
  const saved = useLiveQuery(() => db.cache.get(savedKey).then((r) => r ?? null), [savedKey]);
  const rows = useLiveQuery(() => readPositions(db, uid, list, symbol), [uid, list, symbol]);
  const { more, failed, loadMore, refresh } = usePagedLoader({
    fetchPage: async (next) => {
      const reply = await fetchPositions({
        status: list === 'current' ? 1 : 2,
        page: next,
        limit: list === 'current' ? CURRENT_LIMIT : HISTORY_LIMIT,
        ...(pair ? { currency_id: pair.currency_id, legal_id: pair.legal_id } : {}),
      });
      await storePositions(uid, list, reply.data, next === 1 ? (pair?.symbol ?? null) : undefined);
      if (next === 1) await cachePut(savedKey, reply.totals);
      return reply;
    },
    listKey: savedKey,
    token,
    enabled,
    what: 'positions',
    initialMore: list === 'history',
  });

  return {
    positions: rows,
    totals: saved ? (saved.value as LeverTotals) : undefined,
    savedAt: saved?.savedAt,
    more: enabled ? more : false,
    failed,
    loadMore,
    refresh,
  };
}

/** The stored positions of one list (optionally one pair), newest first. */
export async function readPositions(
  database: AppDatabase,
  uid: number,
  list: PositionList,
  symbol?: string,
): Promise<Position[]> {
  const all = await Promise.all(
    statesOf(list).map((state) =>
      database.leverPositions
        .where('[uid+state+createdAt]')
        .between([uid, state, Dexie.minKey], [uid, state, Dexie.maxKey])
        .toArray(),
    ),
  );
  return all
    .flat()
    .filter((r) => !symbol || r.symbol === symbol)
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
    .map((r) => r.data as Position);
}

/**
 * Stores a page of positions. `replace` (a symbol, or null for every pair) first removes the stored
 * rows of that list and scope; a position that moved between lists (filled, closed) leaves the
 * other list because rows are keyed by id.
 */
export async function storePositions(
  uid: number,
  list: PositionList,
  positions: Position[],
  replace: string | null | undefined,
  now = Date.now(),
  database: AppDatabase = db,
) {
  await database.transaction('rw', database.leverPositions, async () => {
    if (replace !== undefined) {
      await clearListRows(
        database.leverPositions,
        uid,
        statesOf(list),
        (r) => replace === null || r.symbol === replace,
      );
    }
    await database.leverPositions.bulkPut(
      positions.map((p) => ({
        uid,
        id: p.id,
        state: rowState(p),
        symbol: p.symbol,
        createdAt: Date.parse(p.created_at),
        savedAt: now,
        data: p,
      })),
    );
  });
}

/** Calls `fn` on every change of the signed-in user's futures (`lever_trade`). */
export function useLeverEvents(fn: (event: LeverTradeEvent) => void) {
  useUserEvents(onLeverEvent, fn);
}
