import { useEffect, useState } from 'react';
import type { PairQuote } from '@contract/market';
import { onTicker } from '@/lib/realtime';
import { fetchCandles } from '../api/seconds';
import { LINE_WINDOW_MS, pushPoint, type PricePoint } from '../model/priceLine';

export interface LivePrice {
  /** The feed's last price, the time of that tick, and whether the feed is stale. */
  last: { price: string; change: string; stale: boolean; ts: number } | null;
  /** The recent past: one-minute closes, then every live tick. */
  points: PricePoint[];
}

/**
 * The pair's feed price as the seconds contracts use it: the ticker (`daymarket`, the feed's last
 * trade) live, and a short line of the last minutes, seeded from one-minute candles.
 */
export function useLivePrice(pair: Pick<PairQuote, 'symbol'> | null | undefined): LivePrice {
  const symbol = pair?.symbol ?? '';
  const [state, setState] = useState<{ symbol: string } & LivePrice>({ symbol: '', last: null, points: [] });

  useEffect(() => {
    if (!symbol) return;
    let active = true;
    const now = Date.now();
    fetchCandles(symbol, now - LINE_WINDOW_MS, now).then(
      (candles) =>
        active &&
        setState((s) => {
          const base = s.symbol === symbol ? s : { symbol, last: null, points: [] };
          const seeded = candles.map((c) => ({ ts: c.time + 59_999, price: c.close })).filter((p) => p.ts < now);
          // Live ticks that arrived first stay after the seeded closes.
          const first = base.points[0]?.ts ?? Infinity;
          return { ...base, points: [...seeded.filter((p) => p.ts < first), ...base.points] };
        }),
      (error: unknown) => console.warn('price history unavailable', error),
    );
    const off = onTicker(symbol, (e) =>
      setState((s) => {
        const base = s.symbol === symbol ? s : { symbol, last: null, points: [] };
        return {
          symbol,
          last: { price: e.now_price, change: e.change, stale: e.stale, ts: e.ts },
          points: pushPoint(base.points, { ts: e.ts, price: e.now_price }),
        };
      }),
    );
    return () => {
      active = false;
      off();
    };
  }, [symbol]);

  if (state.symbol !== symbol) return { last: null, points: [] };
  return state;
}
