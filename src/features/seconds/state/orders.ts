import { useCallback } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import { MICRO_PAGE_LIMIT, type MicroListState, type MicroOrder } from '@contract/seconds';
import type { ClosedMicroorderEvent } from '@contract/user-events';
import { cachePut, db, USER_SCOPE } from '@/lib/db';
import { clearListRows, usePagedLoader } from '@/lib/paging';
import { onMicroOrderEvent, useUserEvents } from '@/lib/realtime';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchMicroOrders } from '../api/seconds';
import { sortOrders, type StoredOrder } from '../model/orders';

/**
 * The user's seconds contracts of one list (holding or history), optionally of one pair, kept in
 * Dexie's `microOrders` so they read offline with their time. Page 1 replaces the stored rows the
 * filter covers (pull to refresh shows what the server has); later pages add to them. Holding
 * orders come soonest expiry first, history newest settlement first; 5 a page (SPEC.md section 7).
 */
export function useMicroOrders(state: MicroListState, matchId: number | undefined, enabled = true) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const token = useAtomValue(tokenAtom);
  const savedKey = `${USER_SCOPE}${uid}:seconds-at:${state}:${matchId ?? '*'}`;
  const savedAt = useLiveQuery(() => db.cache.get(savedKey).then((r) => r?.savedAt), [savedKey]);
  const rows = useLiveQuery(
    () =>
      db.microOrders
        .where('[uid+state+createdAt]')
        .between([uid, state, Dexie.minKey], [uid, state, Dexie.maxKey])
        .toArray(),
    [uid, state],
  );
  const { more, failed, loadMore, refresh } = usePagedLoader({
    fetchPage: async (next) => {
      const reply = await fetchMicroOrders({
        status: state,
        page: next,
        limit: MICRO_PAGE_LIMIT,
        ...(matchId ? { match_id: matchId } : {}),
      });
      await storeMicroOrders(uid, state, reply.data, next === 1 ? { matchId } : null);
      if (next === 1) await cachePut(savedKey, null);
      return reply;
    },
    listKey: savedKey,
    token,
    enabled,
    what: 'seconds orders',
  });

  const stored: StoredOrder[] | undefined = rows
    ?.filter((r) => matchId === undefined || (r.data as MicroOrder).match_id === matchId)
    .map((r) => ({ order: r.data as MicroOrder, savedAt: r.savedAt }));

  return {
    orders: stored ? sortOrders(stored, state) : undefined,
    more,
    failed,
    savedAt,
    loadMore,
    refresh,
  };
}

/**
 * Stores a page of orders, each with the time it arrived (the countdown runs from it). With
 * `replace`, the stored rows of that list and pair go first. The key is the user and order id, so
 * an order that settled moves from holding to history.
 */
export async function storeMicroOrders(
  uid: number,
  state: MicroListState,
  orders: MicroOrder[],
  replace: { matchId: number | undefined } | null,
  now = Date.now(),
) {
  await db.transaction('rw', db.microOrders, async () => {
    if (replace) {
      await clearListRows(
        db.microOrders,
        uid,
        [state],
        (r) => replace.matchId === undefined || (r.data as MicroOrder).match_id === replace.matchId,
      );
    }
    await db.microOrders.bulkPut(
      orders.map((o) => ({
        uid,
        id: o.id,
        state: o.status === 'settled' ? ('history' as const) : ('holding' as const),
        symbol: o.symbol,
        createdAt: o.created_at,
        savedAt: now,
        data: o,
      })),
    );
  });
}

/** Stores one order as it is now (placed, or fetched after it settled). */
export function useStoreOrder() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  return useCallback(
    (order: MicroOrder) => storeMicroOrders(uid, order.status === 'settled' ? 'history' : 'holding', [order], null),
    [uid],
  );
}

/** Calls `fn` when one of the signed-in user's seconds contracts settles. */
export function useMicroOrderEvents(fn: (event: ClosedMicroorderEvent) => void) {
  useUserEvents(onMicroOrderEvent, fn);
}
