import { startTransition, useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { TickerEvent } from '@contract/market-events';
import { afterFirstScreen } from '@/lib/realtime/after-first-screen';
import { fetchQuotation } from '../api/quotation';
import { applyTicker, fromPairQuote, type MarketQuote } from '../model/quotes';

export const HOME_PAIRS = 6;

interface Snapshot {
  quotes: MarketQuote[];
  savedAt: number;
}

/**
 * Home keeps its few quotes in local storage rather than Dexie: the database library would not
 * fit the first route's budget, and a handful of rows needs no index. Offline it shows the last
 * copy with its time, like the market tab.
 */
const snapshotAtom = atomWithStorage<Snapshot>('homeQuotes', { quotes: [], savedAt: 0 }, undefined, {
  getOnInit: true,
});

/** The first spot pairs in the server's order (majors first), as the home section lists them. */
export function pickHomePairs(groups: Awaited<ReturnType<typeof fetchQuotation>>, now: number): MarketQuote[] {
  return groups
    .flatMap((g) => g.quotation)
    .filter((q) => q.kind === 'spot')
    .slice(0, HOME_PAIRS)
    .map((q) => fromPairQuote(q, now));
}

const SAVE_EVERY_MS = 15_000;

export function useHomeQuotes(): { quotes: MarketQuote[] | undefined; savedAt: number; failed: boolean } {
  const [snapshot, setSnapshot] = useAtom(snapshotAtom);
  const [live, setLive] = useState<Record<string, TickerEvent>>({});
  const [state, setState] = useState({ loaded: snapshot.quotes.length > 0, failed: false });
  const symbols = snapshot.quotes.map((q) => q.symbol).join(',');

  // Replies re-render home as transitions: in slices, never as one long task.
  useEffect(() => {
    fetchQuotation()
      .then((groups) =>
        startTransition(() => {
          setSnapshot({ quotes: pickHomePairs(groups, Date.now()), savedAt: Date.now() });
          setState({ loaded: true, failed: false });
        }),
      )
      .catch(() => startTransition(() => setState((s) => ({ ...s, loaded: true, failed: true }))));
  }, [setSnapshot]);

  // Live ticks once the first screen is done: the live data module loads then, not with home.
  // Each tick re-renders home as a transition: in slices, never as one long task.
  useEffect(() => {
    if (!symbols) return;
    let offs: Array<() => void> | null = null;
    let live = true;
    afterFirstScreen()
      .then(() => import('@/lib/realtime'))
      .then(({ onTicker }) => {
        if (!live) return;
        offs = symbols
          .split(',')
          .map((s) => onTicker(s, (e) => startTransition(() => setLive((m) => ({ ...m, [e.symbol]: e })))));
      })
      .catch((error: unknown) => console.warn('live quotes unavailable', error));
    return () => {
      live = false;
      offs?.forEach((off) => off());
    };
  }, [symbols]);

  // A live row's time is its tick's time.
  const quotes = snapshot.quotes.map((q) => (live[q.symbol] ? applyTicker(q, live[q.symbol]!, live[q.symbol]!.ts) : q));

  // Live prices are written back now and then, so a reload offline shows recent ones.
  useEffect(() => {
    if (Object.keys(live).length === 0) return;
    const timer = setTimeout(() => {
      setSnapshot((s) => ({
        quotes: s.quotes.map((q) => (live[q.symbol] ? applyTicker(q, live[q.symbol]!, Date.now()) : q)),
        savedAt: Date.now(),
      }));
    }, SAVE_EVERY_MS);
    return () => clearTimeout(timer);
  }, [live, setSnapshot]);

  return {
    quotes: state.loaded || quotes.length > 0 ? quotes : undefined,
    savedAt: snapshot.savedAt,
    failed: state.failed,
  };
}
