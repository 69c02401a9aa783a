import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TickerEvent } from '@contract/market-events';
import { db } from '@/lib/db';
import { onTicker } from '@/lib/realtime';
import { fetchQuotation } from '../api/market';
import { applyTicker, fromPairQuote, type MarketQuote } from '../model/quotes';
import { apiErrorsShown } from '@/lib/submit';

type Groups = Awaited<ReturnType<typeof fetchQuotation>>;

/**
 * Replaces the stored quotes with the server's list (pairs no longer listed are dropped); resolves
 * to the number of pairs stored.
 */
export async function saveQuotes(groups: Groups, now = Date.now()): Promise<number> {
  const rows = groups.flatMap((g) => g.quotation.map((q) => fromPairQuote(q, now)));
  await db.transaction('rw', db.quotes, async () => {
    const keep = new Set(rows.map((r) => r.symbol));
    const gone = (await db.quotes.toCollection().primaryKeys()).filter((s) => !keep.has(s));
    await db.quotes.bulkDelete(gone);
    await db.quotes.bulkPut(rows);
  });
  return rows.length;
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
 * when the last refresh could not reach the server, so the screen shows the stored time. `saved`
 * is how many pairs the last refresh stored: the table's live query may answer a moment after the
 * refresh ends, and until it does an empty table is not "no pairs".
 */
export function useQuotesRefresh() {
  const [state, setState] = useState({ loading: true, failed: false, saved: 0 });
  const load = useCallback(
    () =>
      fetchQuotation()
        .then((groups) => saveQuotes(groups))
        .then(
          (saved) => setState({ loading: false, failed: false, saved }),
          () => setState((s) => ({ ...s, loading: false, failed: true })),
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
 * Applies a batch of live tickers to the stored quotes in one transaction, with one read and one
 * write for the whole batch (a request per pair kept the main thread busy with IndexedDB callbacks
 * every second). Pairs not stored and ticks older than the stored one are left alone.
 */
export async function storeTickers(batch: readonly TickerEvent[], now: number, database = db): Promise<void> {
  await database.transaction('rw', database.quotes, async () => {
    const stored = (await database.quotes.bulkGet(batch.map((e) => e.symbol))) as Array<MarketQuote | undefined>;
    const changed = batch.flatMap((e, i) => {
      const row = stored[i];
      const next = row && applyTicker(row, e, now);
      return next && next !== row ? [next] : [];
    });
    if (changed.length > 0) await database.quotes.bulkPut(changed);
  });
}

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
      void storeTickers(batch, Date.now()).catch(apiErrorsShown('live tickers'));
    }, FLUSH_MS);
    return () => {
      offs.forEach((off) => off());
      clearInterval(timer);
    };
  }, [key]);
}
