import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Candle } from '@contract/market';
import type { KlineEvent, Period } from '@contract/market-events';
import { cacheGet, cachePut, type CacheRow } from '@/lib/db';
import { onKline } from '@/lib/realtime';
import { fetchCandles } from '../api/market';
import { candleRange, mergeCandle } from '../model/candles';

const key = (symbol: string, period: Period) => `market:candles:${symbol}:${period}`;

export interface CandlesState {
  /** undefined while nothing is stored and the first fetch runs. */
  candles: Candle[] | undefined;
  /** When the stored copy was fetched. */
  savedAt: number | undefined;
  failed: boolean;
}

/**
 * Candles of a pair and period: the stored copy from Dexie at once (the chart draws offline),
 * a fresh range from the server, and the forming candle live over socket.io.
 */
export function useCandles(symbol: string, period: Period): CandlesState {
  const row = useLiveQuery(async () => (await cacheGet<Candle[]>(key(symbol, period))) ?? null, [symbol, period]) as
    CacheRow<Candle[]> | null | undefined;
  const [live, setLive] = useState<{ id: string; events: KlineEvent[] }>({ id: '', events: [] });
  const [failed, setFailed] = useState(false);
  const id = key(symbol, period);

  useEffect(() => {
    let active = true;
    const { from, to } = candleRange(period, Date.now());
    fetchCandles(symbol, period, from, to)
      .then((list) => cachePut(id, list))
      .then(() => active && setFailed(false))
      .catch(() => active && setFailed(true));
    const off = onKline(symbol, period, (e) =>
      setLive((s) => ({ id, events: s.id === id ? [...s.events.slice(-50), e] : [e] })),
    );
    return () => {
      active = false;
      off();
    };
  }, [symbol, period, id]);

  const candles = useMemo(() => {
    if (row === undefined) return undefined;
    const base = row?.value ?? [];
    const events = live.id === id ? live.events : [];
    const merged = events.reduce<Candle[]>((list, e) => mergeCandle(list, e), base);
    return merged.length === 0 && row === null && !failed ? undefined : merged;
  }, [row, live, id, failed]);

  return { candles, savedAt: row?.savedAt, failed };
}
