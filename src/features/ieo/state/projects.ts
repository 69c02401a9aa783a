import { useCallback, useEffect, useRef, useState } from 'react';
import type { IeoProject } from '@contract/ieo';
import { useCachedReply } from '@/lib/holdings';
import { cachePut } from '@/lib/db';
import { fetchProject, fetchProjects } from '../api/ieo';

const LIST_KEY = 'ieo:projects';

interface StoredList {
  projects: IeoProject[];
  page: number;
  lastPage: number;
}

/**
 * The public project list, paged, kept in the offline cache (page 1 replaces it, later pages add),
 * so it reads offline with its time. Public: no session needed.
 */
export function useProjects() {
  const fetchFirst = useCallback(async (): Promise<StoredList> => {
    const reply = await fetchProjects(1);
    return { projects: reply.data, page: 1, lastPage: reply.last_page };
  }, []);
  const stored = useCachedReply<StoredList>(LIST_KEY, fetchFirst);
  const [loadFailed, setLoadFailed] = useState(false);
  const loading = useRef(false);
  const list = stored.value;
  const more = !stored.failed && !loadFailed && list !== undefined && list !== null && list.page < list.lastPage;
  const loadMore = useCallback(async () => {
    if (!list || loading.current) return;
    loading.current = true;
    try {
      const reply = await fetchProjects(list.page + 1);
      const seen = new Set(list.projects.map((p) => p.id));
      await cachePut<StoredList>(LIST_KEY, {
        projects: [...list.projects, ...reply.data.filter((p) => !seen.has(p.id))],
        page: reply.current_page,
        lastPage: reply.last_page,
      });
    } catch (error) {
      // Offline or refused: what is stored stays; pulling down tries again.
      console.warn('IEO projects not loaded', error);
      setLoadFailed(true);
    } finally {
      loading.current = false;
    }
  }, [list]);
  const refresh = useCallback(async () => {
    setLoadFailed(false);
    await stored.refresh();
  }, [stored]);
  return {
    projects: list === undefined ? undefined : (list?.projects ?? null),
    savedAt: stored.savedAt,
    failed: stored.failed || loadFailed,
    more,
    loadMore,
    refresh,
  };
}

/** One project, kept in the offline cache like the list. */
export function useProject(id: number | undefined) {
  const fetchOne = useCallback(() => fetchProject(id ?? 0), [id]);
  return useCachedReply<IeoProject>(`ieo:project:${id ?? 0}`, fetchOne, id !== undefined);
}

/** Now, refreshed every `ms` while `active`: states and countdowns move with the clock. */
export function useNow(ms: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
  return now;
}
