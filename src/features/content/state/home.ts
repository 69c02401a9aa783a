import { startTransition, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Article, NewsItem } from '@contract/content';
import { languageAtom } from '@/lib/state';
import { fetchHomeBanners, fetchHomeHeadline, fetchPopupNotice } from '../api/home';
import { markNoticeSeen, shouldShowNotice } from '../model/popup';

interface HomeSnapshot {
  banners: NewsItem[];
  headline: NewsItem | null;
  savedAt: number;
}

/**
 * Home keeps its banners and latest headline in local storage (a few rows, read at once, no
 * database library on home), per language, so they show offline and before the reply.
 */
const snapshotKey = (lang: string) => `content:home:${lang}`;

function readSnapshot(lang: string): HomeSnapshot | null {
  try {
    const raw = localStorage.getItem(snapshotKey(lang));
    return raw ? (JSON.parse(raw) as HomeSnapshot) : null;
  } catch (error) {
    console.warn('home content snapshot unreadable', error);
    return null;
  }
}

export function useHomeContent(): { banners: NewsItem[] | undefined; headline: NewsItem | null | undefined } {
  const lang = useAtomValue(languageAtom);
  const stored = useMemo(() => readSnapshot(lang), [lang]);
  // What the server answered in this language since home opened; until then the stored copy.
  const [fetched, setFetched] = useState<{ lang: string; snapshot: HomeSnapshot } | null>(null);
  const snapshot = fetched?.lang === lang ? fetched.snapshot : stored;
  useEffect(() => {
    let live = true;
    Promise.all([fetchHomeBanners(), fetchHomeHeadline()])
      .then(([banners, news]) => {
        const next = { banners: banners.data, headline: news.data[0] ?? null, savedAt: Date.now() };
        try {
          localStorage.setItem(snapshotKey(lang), JSON.stringify(next));
        } catch (error) {
          console.warn('home content snapshot not saved', error);
        }
        // Replies re-render home as transitions: in slices, never as one long task.
        if (live) startTransition(() => setFetched({ lang, snapshot: next }));
      })
      .catch((error: unknown) => {
        // Offline: the stored copy stays; without one the places show their empty look.
        console.warn('home content not loaded', error);
        if (live && !stored)
          startTransition(() => setFetched({ lang, snapshot: { banners: [], headline: null, savedAt: 0 } }));
      });
    return () => {
      live = false;
    };
  }, [lang, stored]);
  return { banners: snapshot?.banners, headline: snapshot?.headline };
}

/** The popup notice to show now: the current one, unless this device has shown it already. */
export function usePopupNotice(): { notice: Article | null; close: () => void } {
  const [notice, setNotice] = useState<Article | null>(null);
  useEffect(() => {
    let live = true;
    fetchPopupNotice()
      .then((n) => {
        if (!live || !n || !shouldShowNotice(localStorage, n.id)) return;
        // Remembered as soon as it shows: a reload does not show it again.
        markNoticeSeen(localStorage, n.id);
        startTransition(() => setNotice(n));
      })
      .catch((error: unknown) => console.warn('popup notice not loaded', error));
    return () => {
      live = false;
    };
  }, []);
  return { notice, close: () => setNotice(null) };
}
