import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import type { EntrustState, Order, OrderSide } from '@contract/trade';
import type { OrderEvent } from '@contract/user-events';
import { cachePut, db, USER_SCOPE } from '@/lib/db';
import { clearListRows, usePagedLoader } from '@/lib/paging';
import { onOrderEvent, useUserEvents } from '@/lib/realtime';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchOrders } from '../api/trade';

export interface OrderFilter {
  /** A pair as the quotation board names it; absent: every pair. */
  pair?: { symbol: string; currency_id: number; legal_id: number };
  side?: OrderSide;
}

const PAGE_SIZE = 20;

const matches = (o: Order, f: OrderFilter) => (!f.pair || o.symbol === f.pair.symbol) && (!f.side || o.side === f.side);

/**
 * The user's orders of one entrust list (in progress or complete), newest first, kept in Dexie's
 * orders table so the list reads offline with its time. Page 1 replaces the stored rows the filter
 * covers (a pull to refresh shows what the server has); later pages add to them.
 */
export function usePagedOrders(state: EntrustState, filter: OrderFilter, enabled = true) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const token = useAtomValue(tokenAtom);
  const filterKey = `${filter.pair?.symbol ?? '*'}:${filter.side ?? '*'}`;
  const savedKey = `${USER_SCOPE}${uid}:orders-at:${state}:${filterKey}`;
  const savedAt = useLiveQuery(() => db.cache.get(savedKey).then((r) => r?.savedAt), [savedKey]);
  const rows = useLiveQuery(
    () =>
      db.orders
        .where('[uid+state+createdAt]')
        .between([uid, state, Dexie.minKey], [uid, state, Dexie.maxKey])
        .reverse()
        .toArray(),
    [uid, state],
  );
  const { more, failed, loadMore, refresh } = usePagedLoader({
    fetchPage: async (next) => {
      const reply = await fetchOrders({
        state,
        page: next,
        limit: PAGE_SIZE,
        ...(filter.pair ? { currency_id: filter.pair.currency_id, legal_id: filter.pair.legal_id } : {}),
        ...(filter.side ? { side: filter.side } : {}),
      });
      await storeOrders(uid, state, reply.data, next === 1 ? filter : null);
      if (next === 1) await cachePut(savedKey, null);
      return reply;
    },
    listKey: savedKey,
    token,
    enabled,
    what: 'orders',
    // The same page and filter share the running load; another filter waits for it, then loads its own.
    shareKey: filterKey,
  });

  return {
    orders: rows?.map((r) => r.data as Order).filter((o) => matches(o, filter)),
    more,
    failed,
    savedAt,
    loadMore,
    refresh,
  };
}

/**
 * Stores a page of orders. With `replace`, the stored rows of that list and filter go first; an
 * order moved between lists (filled, cancelled) is taken out of the other list as well.
 */
export async function storeOrders(uid: number, state: EntrustState, orders: Order[], replace: OrderFilter | null) {
  await db.transaction('rw', db.orders, async () => {
    if (replace) await clearListRows(db.orders, uid, [state], (r) => matches(r.data as Order, replace));
    await db.orders.bulkPut(
      orders.map((o) => ({ uid, id: o.id, state, symbol: o.symbol, createdAt: Date.parse(o.created_at), data: o })),
    );
  });
}

/** Calls `fn` on every update of the signed-in user's orders (placed, filled, cancelled). */
export function useOrderEvents(fn: (event: OrderEvent) => void) {
  useUserEvents(onOrderEvent, fn);
}
