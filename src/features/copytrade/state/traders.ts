import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Trader } from '@contract/copytrade';
import { cacheGet, cachePut, USER_SCOPE, type CacheRow } from '@/lib/db';
import { usePagedLoader } from '@/lib/paging';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchTrader, fetchTraders } from '../api/follow';
import { useUserReply } from './userCache';

const PAGE = 10;

// Each trader row carries the user's own follow of that trader, so the list is the user's.
const listKey = (uid: number) => `${USER_SCOPE}${uid}:follow:traders`;

/**
 * The trader list (most followers first), kept with `cachePut` so it reads offline with its time:
 * page 1 replaces the stored list, later pages add to it.
 */
export function useTraders() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const token = useAtomValue(tokenAtom);
  const key = listKey(uid);
  const row = useLiveQuery(async () => (await cacheGet<Trader[]>(key)) ?? null, [key]) as
    CacheRow<Trader[]> | null | undefined;
  const { more, failed, loadMore, refresh } = usePagedLoader({
    fetchPage: async (next) => {
      const reply = await fetchTraders(next, PAGE);
      const before = next === 1 ? [] : ((await cacheGet<Trader[]>(key))?.value ?? []);
      const seen = new Set(reply.data.map((t) => t.user_id));
      await cachePut(key, [...before.filter((t) => !seen.has(t.user_id)), ...reply.data]);
      return reply;
    },
    listKey: key,
    token,
    enabled: uid > 0,
    what: 'traders',
  });
  return {
    traders: row === undefined ? undefined : (row?.value ?? []),
    savedAt: row?.savedAt,
    more,
    failed,
    loadMore,
    refresh,
  };
}

export type TraderDetail = Awaited<ReturnType<typeof fetchTrader>>;

/** One trader with open and latest closed positions: the stored copy first, then the server's. */
export function useTrader(id: number | undefined) {
  const { value, savedAt, failed, refresh } = useUserReply<TraderDetail>(
    `follow:trader:${id ?? 0}`,
    () => fetchTrader(id ?? 0),
    Boolean(id),
  );
  return { trader: value, savedAt, failed, refresh };
}
