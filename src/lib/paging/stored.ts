import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { db as defaultDb, USER_SCOPE, type AppDatabase } from '@/lib/db';
import { tokenAtom, userAtom } from '@/lib/state';
import { usePagedLoader, type PageInfo } from './index';

/**
 * A paged server list kept in Dexie's `records` table under one list name (scoped to the user and
 * the filter, e.g. `bills:futures:3`), read through a live query so it reads offline with the time
 * page 1 was fetched. Page 1 replaces the list's rows; later pages add to them.
 */
export function useStoredList<T>({
  list,
  fetchPage,
  keyOf,
  enabled = true,
}: {
  list: string;
  fetchPage: (page: number) => Promise<PageInfo & { data: T[] }>;
  keyOf: (row: T) => { id: number | string; createdAt: number };
  enabled?: boolean;
}) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const token = useAtomValue(tokenAtom);
  const kind = `${uid}:${list}`;
  const rows = useLiveQuery(() => readStoredList<T>(defaultDb, kind), [kind]);
  const savedAt = useLiveQuery(() => defaultDb.cache.get(savedKey(kind)).then((r) => r?.savedAt), [kind]);
  const loader = usePagedLoader({
    fetchPage: async (next) => {
      const reply = await fetchPage(next);
      await storeListPage(
        defaultDb,
        kind,
        reply.data.map((r) => ({ ...keyOf(r), data: r })),
        next === 1,
      );
      return reply;
    },
    listKey: kind,
    token,
    enabled,
    what: list,
  });
  return { rows, savedAt, ...loader, more: enabled ? loader.more : false };
}

const savedKey = (kind: string) => `${USER_SCOPE}list-at:${kind}`;

/** The stored rows of a list, newest first (by the creation time its rows were stored with). */
export async function readStoredList<T>(database: AppDatabase, kind: string): Promise<T[]> {
  const rows = await database.records
    .where('[kind+createdAt]')
    .between([kind, Dexie.minKey], [kind, Dexie.maxKey])
    .reverse()
    .toArray();
  return rows.map((r) => r.data as T);
}

/** Stores one page of a list; the first page replaces what the list held and notes when. */
export async function storeListPage<T>(
  database: AppDatabase,
  kind: string,
  rows: { id: number | string; createdAt: number; data: T }[],
  first: boolean,
  now = Date.now(),
): Promise<void> {
  await database.transaction('rw', database.records, database.cache, async () => {
    if (first) {
      await database.records.where('kind').equals(kind).delete();
      await database.cache.put({ key: savedKey(kind), value: null, savedAt: now });
    }
    await database.records.bulkPut(rows.map((r) => ({ kind, id: String(r.id), createdAt: r.createdAt, data: r.data })));
  });
}
