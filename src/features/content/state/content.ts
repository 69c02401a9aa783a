import { useCallback, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Article, ContentPage, FaqEntry, InfoPage, NewsItem } from '@contract/content';
import { cachePut } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { languageAtom } from '@/lib/state';
import { fetchArticle, fetchFaq, fetchInfoPage, fetchNews } from '../api/content';

/*
 * Content read offline: the last news list and every article, FAQ and page opened are kept in the
 * Dexie cache per language (public content: kept at sign-out), and shown offline with their time.
 */

interface StoredNews {
  items: NewsItem[];
  page: number;
  lastPage: number;
}

export const newsKey = (lang: string) => `content:news:${lang}`;
export const articleKey = (lang: string, id: number) => `content:article:${lang}:${id}`;

/** The news list, paged: page 1 replaces the stored list, later pages add to it. */
export function useNews() {
  const lang = useAtomValue(languageAtom);
  const key = newsKey(lang);
  const fetchFirst = useCallback(async (): Promise<StoredNews> => {
    const reply = await fetchNews(1);
    return { items: reply.data, page: 1, lastPage: reply.last_page };
  }, []);
  const stored = useCachedReply<StoredNews>(key, fetchFirst);
  const [loadFailed, setLoadFailed] = useState(false);
  const loading = useRef(false);
  const list = stored.value;
  const more = !stored.failed && !loadFailed && !!list && list.page < list.lastPage;
  const loadMore = useCallback(async () => {
    if (!list || loading.current) return;
    loading.current = true;
    try {
      const reply = await fetchNews(list.page + 1);
      const seen = new Set(list.items.map((n) => n.id));
      await cachePut<StoredNews>(key, {
        items: [...list.items, ...reply.data.filter((n) => !seen.has(n.id))],
        page: reply.current_page,
        lastPage: reply.last_page,
      });
    } catch (error) {
      // Offline or refused: what is stored stays; pulling down tries again.
      console.warn('news not loaded', error);
      setLoadFailed(true);
    } finally {
      loading.current = false;
    }
  }, [list, key]);
  const refresh = useCallback(async () => {
    setLoadFailed(false);
    await stored.refresh();
  }, [stored]);
  return {
    items: list === undefined ? undefined : (list?.items ?? null),
    savedAt: stored.savedAt,
    failed: stored.failed || loadFailed,
    more,
    loadMore,
    refresh,
  };
}

export function useArticle(id: number | undefined) {
  const lang = useAtomValue(languageAtom);
  const fetchOne = useCallback(() => fetchArticle(id ?? 0), [id]);
  return useCachedReply<Article>(articleKey(lang, id ?? 0), fetchOne, id !== undefined);
}

export function useFaq() {
  const lang = useAtomValue(languageAtom);
  return useCachedReply<FaqEntry[]>(`content:faq:${lang}`, fetchFaq);
}

export function useInfoPage(key: ContentPage) {
  const lang = useAtomValue(languageAtom);
  const fetchOne = useCallback(() => fetchInfoPage(key), [key]);
  return useCachedReply<InfoPage>(`content:page:${key}:${lang}`, fetchOne);
}
