import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import type { InviteInfo, RebateRecord, RebateTotal, TeamMember } from '@contract/invite';
import { cacheGet, cachePut, USER_SCOPE, type CacheRow } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { usePagedLoader } from '@/lib/paging';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchInfo, fetchRebates, fetchTeam, fetchTotals } from '../api/invite';

const useUid = () => useAtomValue(userAtom)?.id ?? 0;

/** The invitation code and team counts: the stored copy first, then the server's. */
export function useInviteInfo() {
  const uid = useUid();
  const { value, failed, refresh } = useCachedReply<InviteInfo>(`${USER_SCOPE}${uid}:invite:info`, fetchInfo, uid > 0);
  return { info: value, failed, refresh };
}

/** Rebates received per currency. */
export function useRebateTotals() {
  const uid = useUid();
  const { value, failed, refresh } = useCachedReply<RebateTotal[]>(
    `${USER_SCOPE}${uid}:invite:totals`,
    fetchTotals,
    uid > 0,
  );
  return { totals: value, failed, refresh };
}

/**
 * A paged list kept with `cachePut` so it reads offline with its time: page 1 replaces the stored
 * list, later pages add to it.
 */
function useStoredPages<T>(
  name: string,
  fetchPage: (page: number) => Promise<{ data: T[]; current_page: number; last_page: number }>,
  idOf: (row: T) => string,
) {
  const uid = useUid();
  const token = useAtomValue(tokenAtom);
  const key = `${USER_SCOPE}${uid}:${name}`;
  const row = useLiveQuery(async () => (await cacheGet<T[]>(key)) ?? null, [key]) as CacheRow<T[]> | null | undefined;
  const loader = usePagedLoader({
    fetchPage: async (next) => {
      const reply = await fetchPage(next);
      const before = next === 1 ? [] : ((await cacheGet<T[]>(key))?.value ?? []);
      const seen = new Set(reply.data.map(idOf));
      await cachePut(key, [...before.filter((r) => !seen.has(idOf(r))), ...reply.data]);
      return reply;
    },
    listKey: key,
    token,
    enabled: uid > 0,
    what: name,
  });
  return { rows: row === undefined ? undefined : (row?.value ?? []), savedAt: row?.savedAt, ...loader };
}

/** Rebates paid to the user, newest first. */
export const useRebates = () => useStoredPages<RebateRecord>('invite:rebates', fetchRebates, (r) => String(r.id));

/** Invited users of one generation, newest first. */
export const useTeam = (generation: number) =>
  useStoredPages<TeamMember>(
    `invite:team:${generation}`,
    (page) => fetchTeam(generation, page),
    (m) => `${m.account}|${m.joined_at}`,
  );
