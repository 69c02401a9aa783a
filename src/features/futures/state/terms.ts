import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import type { LeverTerms } from '@contract/futures';
import type { PairQuote } from '@contract/market';
import { cachePut, db, USER_SCOPE } from '@/lib/db';
import { onTicker } from '@/lib/realtime';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchTerms } from '../api/lever';

/**
 * A pair's published futures terms with the user's lever balance (`/lever/deal`, signed in only),
 * stored per user and pair so the screen reads offline with its time; `refresh` after an open or
 * a close.
 */
export function useTerms(pair: Pick<PairQuote, 'symbol' | 'currency_id' | 'legal_id'> | null | undefined) {
  const token = useAtomValue(tokenAtom);
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const symbol = pair?.symbol ?? '';
  const currencyId = pair?.currency_id ?? 0;
  const legalId = pair?.legal_id ?? 0;
  const key = `${USER_SCOPE}${uid}:futures:terms:${symbol}`;
  const row = useLiveQuery(() => db.cache.get(key).then((r) => r ?? null), [key]);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    if (!token || !currencyId) return true;
    try {
      await cachePut(key, await fetchTerms(currencyId, legalId));
      return true;
    } catch (error) {
      // Shown as "as of" beside the balance; the HTTP client already said what failed.
      console.warn('futures terms not refreshed', error);
      return false;
    }
  }, [token, currencyId, legalId, key]);

  const refresh = useCallback(async () => setFailed(!(await load())), [load]);

  useEffect(() => {
    let active = true;
    void load().then((ok) => active && setFailed(!ok));
    return () => {
      active = false;
    };
  }, [load]);

  return {
    terms: row ? (row.value as LeverTerms) : row === null ? null : undefined,
    savedAt: row?.savedAt,
    failed,
    refresh,
  };
}

/** The live last price (the mark) of a pair from the ticker, with its staleness; null until one arrives. */
export function useLivePrice(symbol: string | undefined) {
  const [state, setState] = useState<{ symbol: string; price: string; change: string; stale: boolean } | null>(null);
  useEffect(() => {
    if (!symbol) return;
    return onTicker(symbol, (e) => setState({ symbol, price: e.now_price, change: e.change, stale: e.stale }));
  }, [symbol]);
  return state && state.symbol === symbol ? state : null;
}

/** Live marks of several pairs at once (the positions list), by symbol. */
export function useLivePrices(symbols: readonly string[]): Record<string, string> {
  const [marks, setMarks] = useState<Record<string, string>>({});
  const joined = [...new Set(symbols)].sort().join(',');
  useEffect(() => {
    if (!joined) return;
    const offs = joined
      .split(',')
      .map((symbol) => onTicker(symbol, (e) => setMarks((m) => ({ ...m, [symbol]: e.now_price }))));
    return () => offs.forEach((off) => off());
  }, [joined]);
  return marks;
}
