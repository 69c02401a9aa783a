import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { cacheGet, cachePut, db, type CacheRow } from '@/lib/db';
import { onDepth, onTrade } from '@/lib/realtime';
import { fetchPairDetail } from '../api/market';
import { pushTrade, type Level, type Trade } from '../model/depth';
import { fromPairQuote } from '../model/quotes';
import { apiErrorsShown } from '@/lib/submit';

export interface Book {
  bids: Level[];
  asks: Level[];
  trades: Trade[];
}

const key = (symbol: string) => `market:book:${symbol}`;

/**
 * Depth and recent trades of a pair: the last stored snapshot first, the server's snapshot
 * (which also refreshes the pair's quote in Dexie), then live updates.
 */
export function usePairBook(symbol: string): { book: Book | undefined; savedAt: number | undefined } {
  const stored = useLiveQuery(async () => (await cacheGet<Book>(key(symbol))) ?? null, [symbol]) as
    CacheRow<Book> | null | undefined;
  const [live, setLive] = useState<{ symbol: string; book: Book } | null>(null);

  useEffect(() => {
    let active = true;
    fetchPairDetail(symbol)
      .then(async ({ quote, bids, asks, trades }) => {
        const book: Book = { bids, asks, trades: [...trades].sort((a, b) => b.ts - a.ts) };
        await db.quotes.put(fromPairQuote(quote, Date.now()));
        await cachePut(key(symbol), book);
        if (active) setLive({ symbol, book });
      })
      .catch(apiErrorsShown('pair'));
    const update = (fn: (b: Book) => Book) =>
      setLive((s) => {
        const base = s?.symbol === symbol ? s.book : { bids: [], asks: [], trades: [] };
        return { symbol, book: fn(base) };
      });
    const offDepth = onDepth(symbol, (e) => update((b) => ({ ...b, bids: e.bids, asks: e.asks })));
    const offTrade = onTrade(symbol, (e) =>
      update((b) => ({
        ...b,
        trades: pushTrade(b.trades, { price: e.price, amount: e.amount, direction: e.direction, ts: e.ts }),
      })),
    );
    return () => {
      active = false;
      offDepth();
      offTrade();
    };
  }, [symbol]);

  // Live once the server answered; until then (and offline) the stored snapshot, if any.
  if (live?.symbol === symbol) return { book: live.book, savedAt: undefined };
  return { book: stored?.value, savedAt: stored?.savedAt };
}
