import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TickerEvent } from '@contract/market-events';
import { db } from '@/lib/db';
import { onTicker } from '@/lib/realtime';
import { fetchQuotation } from '../api/market';
import { applyTicker, fromPairQuote, type MarketQuote } from '../model/quotes';
import { apiErrorsShown } from '@/lib/submit';

type Groups = Awaited<ReturnType<typeof fetchQuotation>>;

/** Replaces the stored quotes with the server's list (pairs no longer listed are dropped). */
export async function saveQuotes(groups: Groups, now = Date.now()): Promise<void> {
  const rows = groups.flatMap((g) => g.quotation.map((q) => fromPairQuote(q, now)));
  await db.transaction('rw', db.quotes, async () => {
    const keep = new Set(rows.map((r) => r.symbol));
    const gone = (await db.quotes.toCollection().primaryKeys()).filter((s) => !keep.has(s));
    await db.quotes.bulkDelete(gone);
    await db.quotes.bulkPut(rows);
  });
}

/** Every stored quote (undefined while Dexie opens), updated live as the table changes. */
export function useStoredQuotes(): MarketQuote[] | undefined {
  return useLiveQuery(async () => (await db.quotes.toArray()) as MarketQuote[], []);
}

export function useStoredQuote(symbol: string): MarketQuote | null | undefined {
  return useLiveQuery(async () => ((await db.quotes.get(symbol)) as MarketQuote | undefined) ?? null, [symbol]);
}

/**
 * Fetches the quote list into Dexie on mount and on demand (pull to refresh). `failed` is set
 * when the last refresh could not reach the server, so the screen shows the stored time.
 */
export function useQuotesRefresh() {
  const [state, setState] = useState({ loading: true, failed: false });
  const load = useCallback(
    () =>
      fetchQuotation()
        .then((groups) => saveQuotes(groups))
        .then(
          () => setState({ loading: false, failed: false }),
          () => setState({ loading: false, failed: true }),
        ),
    [],
  );
  const refresh = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    await load();
  }, [load]);
  useEffect(() => {
    void load();
  }, [load]);
  return { ...state, refresh };
}

const FLUSH_MS = 1000;

/**
 * Live tickers of the given pairs written into Dexie, at most once a second in one
 * transaction: the screens re-render from the table, and the last prices survive a reload.
 */
export function useLiveTickers(symbols: readonly string[]): void {
  const pending = useRef(new Map<string, TickerEvent>());
  const key = [...symbols].sort().join(',');

  useEffect(() => {
    const list = key ? key.split(',') : [];
    const offs = list.map((s) => onTicker(s, (e) => void pending.current.set(e.symbol, e)));
    const timer = setInterval(() => {
      if (pending.current.size === 0) return;
      const batch = [...pending.current.values()];
      pending.current.clear();
      const now = Date.now();
      void db
        .transaction('rw', db.quotes, async () => {
          for (const e of batch) {
            const row = (await db.quotes.get(e.symbol)) as MarketQuote | undefined;
            if (row) await db.quotes.put(applyTicker(row, e, now));
          }
        })
        .catch(apiErrorsShown('live tickers'));
    }, FLUSH_MS);
    return () => {
      offs.forEach((off) => off());
      clearInterval(timer);
    };
  }, [key]);
}
