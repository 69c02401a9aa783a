import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { db as defaultDb, type AppDatabase, type FinanceRow } from '@/lib/db';
import { usePagedLoader, type PageInfo } from '@/lib/paging';
import { tokenAtom, userAtom } from '@/lib/state';

export type Product = FinanceRow['product'];

/** Where a wire row goes in the offline store: its id, list state and creation time. */
export interface RowKey {
  id: number;
  state: string;
  createdAt: number;
}

export interface HoldingsOptions<T> {
  product: Product;
  /** The list states this list shows (one tab of "in progress" / "history" and the like). */
  states: readonly string[];
  /** Fetches one page of this list from the server. */
  fetchPage: (page: number) => Promise<PageInfo & { data: T[] }>;
  keyOf: (row: T) => RowKey;
  enabled?: boolean;
}

/**
 * One list of the user's finance holdings (IEO subscriptions, lock-mining orders, dual-invest
 * orders, follows and copies), kept in Dexie's `finance` table so it reads offline with the time it
 * was fetched. Page 1 replaces the stored rows of the list's states; later pages add to them.
 */
export function useHoldings<T>({ product, states, fetchPage, keyOf, enabled = true }: HoldingsOptions<T>) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const token = useAtomValue(tokenAtom);
  const stateKey = states.join(',');
  const rows = useLiveQuery(() => readHoldings<T>(defaultDb, uid, product, states), [uid, product, stateKey]);
  const { more, failed, loadMore, refresh } = usePagedLoader({
    fetchPage: async (next) => {
      const reply = await fetchPage(next);
      await storeHoldings(
        defaultDb,
        uid,
        product,
        reply.data.map((r) => ({ ...keyOf(r), data: r })),
        {
          replace: next === 1 ? states : undefined,
        },
      );
      return reply;
    },
    listKey: `${uid}:${product}:${stateKey}`,
    token,
    enabled,
    what: `${product} holdings`,
  });
  return {
    rows: rows?.map((r) => r.data),
    /** When the oldest shown row was fetched: the "as of" time offline. */
    savedAt: rows && rows.length > 0 ? Math.min(...rows.map((r) => r.savedAt)) : undefined,
    more: enabled ? more : false,
    failed,
    loadMore,
    refresh,
  };
}

/** The stored rows of one product's list states, newest first. */
export async function readHoldings<T>(
  database: AppDatabase,
  uid: number,
  product: Product,
  states: readonly string[],
): Promise<FinanceRow<T>[]> {
  const all = await Promise.all(
    states.map((state) =>
      database.finance
        .where('[uid+product+state+createdAt]')
        .between([uid, product, state, Dexie.minKey], [uid, product, state, Dexie.maxKey])
        .toArray(),
    ),
  );
  return (all.flat() as FinanceRow<T>[]).sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

/**
 * Stores rows of one product. `replace` first removes the stored rows in those states, so page 1
 * shows exactly what the server sent; a row that moved state leaves its old list because rows are
 * keyed by id.
 */
export async function storeHoldings<T>(
  database: AppDatabase,
  uid: number,
  product: Product,
  rows: (RowKey & { data: T })[],
  { replace, now = Date.now() }: { replace?: readonly string[]; now?: number } = {},
): Promise<void> {
  await database.transaction('rw', database.finance, async () => {
    for (const state of replace ?? []) {
      await database.finance
        .where('[uid+product+state+createdAt]')
        .between([uid, product, state, Dexie.minKey], [uid, product, state, Dexie.maxKey])
        .delete();
    }
    await database.finance.bulkPut(rows.map((r) => ({ uid, product, ...r, savedAt: now })));
  });
}

export { useCachedReply } from './cached';
